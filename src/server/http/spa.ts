/**
 * The built front end from STATIC_DIR with history fallback: any GET that is
 * not reserved for the server and not a file answers index.html. Everything
 * else that matches no route is a 404 problem.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply } from "fastify";
import { apiPrefix } from "./contract";
import { problem, sendProblem } from "./problem";

/** Paths the fallback never answers; `/assets` too, so a stale hashed chunk 404s instead of arriving as HTML. */
const RESERVED = ["/api", "/healthz", "/readyz", "/generatedImages", "/assets"];

function isReserved(path: string): boolean {
  return RESERVED.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/** Hashed build assets never change; index.html must be revalidated so a deployment is picked up. */
function setCacheHeaders(reply: FastifyReply, path: string): void {
  const isAsset = /[\\/]assets[\\/]/.test(path);
  reply.header("Cache-Control", isAsset ? "public, max-age=31536000, immutable" : "no-cache");
}

export async function registerSpa(app: FastifyInstance, staticDir: string): Promise<void> {
  const hasSpa = existsSync(join(staticDir, "index.html"));
  if (hasSpa)
    await app.register(fastifyStatic, {
      root: staticDir,
      prefix: "/",
      cacheControl: false,
      setHeaders: setCacheHeaders,
      // The build writes .br and .gz copies of its text assets (vite.config.ts): sent when the browser accepts them.
      preCompressed: true,
    });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split("?")[0] ?? "/";
    const isRead = request.method === "GET" || request.method === "HEAD";
    if (hasSpa && isRead && !isReserved(path)) {
      reply.header("Cache-Control", "no-cache");
      // Not returned: sendFile answers by itself, and a returned reply is also awaited by Fastify, which
      // with the pre-compressed lookups left eleven 'close' listeners on one response (Node's leak warning).
      void reply.sendFile("index.html");
      return;
    }
    if (path === apiPrefix || path.startsWith("/api/")) reply.header("Cache-Control", "no-store");
    return sendProblem(request, reply, problem(404, "Not Found", "There is nothing at this address."));
  });
}
