/** Liveness and readiness probes for orchestrators and load balancers. */
import type { FastifyInstance } from "fastify";
import { HttpProblem } from "./problem";
import type { AppDeps } from "./types";

/** Spec section 8: clients wait Retry-After seconds on a 503 (10 s by default). */
const READY_RETRY_AFTER_SECONDS = "10";

export function registerHealth(app: FastifyInstance, deps: AppDeps): void {
  app.get("/healthz", async (_request, reply) => {
    reply.header("Cache-Control", "no-store");
    return { status: "ok" };
  });

  app.get("/readyz", async (_request, reply) => {
    reply.header("Cache-Control", "no-store");
    if (!(await deps.database.isReady()))
      throw new HttpProblem(503, "Service Unavailable", "The database is not ready.", undefined, {
        "Retry-After": READY_RETRY_AFTER_SECONDS,
      });
    return { status: "ok" };
  });
}
