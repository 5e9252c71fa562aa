import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../http/types";
import { blobStoreFor } from "../../storage/blobStoreFor";
import { startBlobSweeper, type BlobSweeper } from "../../storage/blobSweeper";
import { startIndexingWorker, type IndexingWorker } from "./indexingWorker";

/**
 * The server's file background work, from ready to close: one indexing worker (jobs left by a
 * previous run are resumed through lease expiry) and the sweeper of orphaned blobs (on start, then periodically).
 */
export function registerIndexingWorker(app: FastifyInstance, deps: AppDeps): void {
  let worker: IndexingWorker | undefined;
  let sweeper: BlobSweeper | undefined;
  app.addHook("onReady", async () => {
    worker = startIndexingWorker({ db: deps.database.db, config: deps.config, log: deps.log });
    sweeper = startBlobSweeper({ db: deps.database.db, blobs: blobStoreFor(deps.config), log: deps.log });
  });
  app.addHook("onClose", async () => {
    await Promise.all([worker?.stop(), sweeper?.stop()]);
  });
}
