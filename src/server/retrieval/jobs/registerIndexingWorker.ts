import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../http/types";
import { startIndexingWorker, type IndexingWorker } from "./indexingWorker";

/** The server runs one worker from ready to close; jobs left by a previous run are resumed (lease expiry). */
export function registerIndexingWorker(app: FastifyInstance, deps: AppDeps): void {
  let worker: IndexingWorker | undefined;
  app.addHook("onReady", async () => {
    worker = startIndexingWorker({ db: deps.database.db, config: deps.config, log: deps.log });
  });
  app.addHook("onClose", async () => {
    await worker?.stop();
  });
}
