/** Liveness and readiness probes for orchestrators and load balancers. */
import type { FastifyInstance } from "fastify";
import { HttpProblem, RETRY_AFTER_SECONDS } from "./problem";
import type { AppDeps } from "./types";

export function registerHealth(app: FastifyInstance, deps: AppDeps): void {
  app.get("/healthz", async (_request, reply) => {
    reply.header("Cache-Control", "no-store");
    return { status: "ok" };
  });

  app.get("/readyz", async (_request, reply) => {
    reply.header("Cache-Control", "no-store");
    if (!(await deps.database.isReady()))
      throw new HttpProblem(503, "Service Unavailable", "The database is not ready.", undefined, {
        "Retry-After": RETRY_AFTER_SECONDS,
      });
    return { status: "ok" };
  });
}
