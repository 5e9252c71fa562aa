/** Security headers (a real CSP for the SPA) and the sign-in rate limit. */
import helmet from "helmet";
import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Config } from "../config";
import { HttpProblem } from "./problem";

/** MSAL talks to (and silently renews in an iframe from) the Microsoft identity platform. */
const ENTRA_ID_AUTHORITY = "https://login.microsoftonline.com";

export const CONTENT_SECURITY_POLICY = {
  "default-src": ["'self'"],
  "script-src": ["'self'"],
  // MUI (emotion) injects its styles at run time.
  "style-src": ["'self'", "'unsafe-inline'"],
  "img-src": ["'self'", "data:", "blob:"],
  "font-src": ["'self'", "data:"],
  "connect-src": ["'self'", ENTRA_ID_AUTHORITY],
  "frame-src": ["'self'", ENTRA_ID_AUTHORITY],
  "frame-ancestors": ["'none'"],
  "object-src": ["'none'"],
  "base-uri": ["'self'"],
  "form-action": ["'self'"],
};

/** The public chat page (spec §2: /public-chat/{publicChatEndpoint} and /public-chat/{publicChatEndpoint}/{popup}). */
const PUBLIC_CHAT_PAGE = /^\/public-chat\/[^/?#]+(?:\/[^/?#]+)?\/?(?:[?#]|$)/;

export function isPublicChatPage(request: Pick<FastifyRequest, "method" | "url">): boolean {
  return (request.method === "GET" || request.method === "HEAD") && PUBLIC_CHAT_PAGE.test(request.url);
}

/**
 * Sites may embed the public chat in an iframe when PUBLIC_CHAT_FRAME_ANCESTORS names them: that page's
 * frame-ancestors lists them, and X-Frame-Options (which cannot name origins) is dropped for it. Every
 * other page, and the public chat when nothing is configured, stays at frame-ancestors 'none'.
 */
function allowPublicChatEmbedding(app: FastifyInstance, frameAncestors: readonly string[]): void {
  if (frameAncestors.length === 0) return;
  const directive = `frame-ancestors ${frameAncestors.join(" ")}`;
  app.addHook("onSend", async (request, reply, payload) => {
    if (!isPublicChatPage(request)) return payload;
    const policy = reply.getHeader("content-security-policy");
    if (typeof policy === "string")
      reply.header("content-security-policy", policy.replace(/frame-ancestors [^;]*/, directive));
    reply.removeHeader("x-frame-options");
    return payload;
  });
}

export async function registerSecurity(
  app: FastifyInstance,
  config: Pick<Config, "publicChatFrameAncestors"> = { publicChatFrameAncestors: [] },
): Promise<void> {
  // No helmet defaults: its upgrade-insecure-requests would break plain-HTTP installs on a LAN.
  // Built once: the Fastify plugin builds (and parses the policy of) a new helmet for every request.
  const securityHeaders = helmet({ contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY } });
  app.addHook("onRequest", (request, reply, done) => securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined)));
  allowPublicChatEmbedding(app, config.publicChatFrameAncestors);
  // Off by default; the router enables it per operation (x-rate-limit: signIn).
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      const detail = `Too many attempts; retry in ${seconds} second${seconds === 1 ? "" : "s"}.`;
      return new HttpProblem(429, "Too Many Requests", detail, undefined, { "Retry-After": String(seconds) });
    },
  });
}
