/** After the embedding deployment changed: the new embedder is used at once and files are re-embedded. */
import { embedderFor, forgetEmbedder } from "../../embeddings/currentEmbedder";
import type { AppDeps } from "../../http/types";
import { requeueStaleEmbeddings } from "../../retrieval/jobs/jobQueue";
import { wakeIndexingWorkers } from "../../retrieval/jobs/wakeUp";

export async function applyEmbeddingSetting(deps: Pick<AppDeps, "database" | "config" | "log">): Promise<void> {
  const db = deps.database.db;
  forgetEmbedder(db);
  const embedder = await embedderFor(db, deps.config);
  // None: the stored vectors are simply no longer searched (search compares the model).
  if (!embedder) return;
  const queued = await requeueStaleEmbeddings(db, embedder.modelKey);
  if (queued > 0) {
    deps.log.info({ queued }, "files queued again for the new embedding deployment");
    wakeIndexingWorkers();
  }
}
