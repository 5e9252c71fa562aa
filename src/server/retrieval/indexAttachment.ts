/**
 * One indexing job: read the blob, extract, chunk, and replace the attachment's
 * indexes in one transaction — its passages (full-text), their per-lexeme
 * counts (for ranking) and its graph (entities and co-occurrences). A failure
 * in the graph leaves the text index working, with the graph marked Error.
 * When an embedding deployment is set, the passages are embedded next
 * (embedChunks.ts); a failure there, too, leaves the text index Online.
 */
import { eq, sql } from "drizzle-orm";
import type { Config } from "../config";
import type { Db } from "../db/client";
import { attachments, entityCooccurrences, fileChunks, fileEntities, fileTermStats } from "../db/filesSchema";
import { embedderFor } from "../embeddings/currentEmbedder";
import { blobStoreFor } from "../storage/blobStoreFor";
import { chunkSections, type Chunk } from "./chunk";
import { cjkIndexTerms } from "./cjkTerms";
import { embedAttachment, type EmbeddingOutcome } from "./embedChunks";
import { extractText } from "./extract";
import { ExtractionError } from "./extract/types";
import { buildGraph } from "./graph/buildGraph";
import { completeJob, type IndexingJob, type IndexOutcome } from "./jobs/jobQueue";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * Bumped when what an index holds changes: files indexed by an older version are OutOfDate and queued again.
 * 2: Chinese, Japanese and Korean text indexed as character bigrams (cjkTerms.ts).
 */
export const INDEX_VERSION = 2;
/** Rows per INSERT: well under PostgreSQL's 65535 bind parameters. */
const INSERT_BATCH = 1000;

async function insertInBatches<T>(rows: readonly T[], insert: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_BATCH) await insert(rows.slice(i, i + INSERT_BATCH));
}

/** Document frequencies per lexeme, counted by PostgreSQL itself from the stored search vectors. */
async function storeTermStats(tx: Tx, attachmentId: string): Promise<void> {
  await tx.delete(fileTermStats).where(eq(fileTermStats.attachmentId, attachmentId));
  // ts_stat takes the query as text; the id comes from our own row (a uuid), never from a request.
  const vectors = `select search_vector from file_chunks where attachment_id = '${attachmentId}'`;
  await tx.execute(
    sql`insert into ${fileTermStats} (attachment_id, lexeme, chunk_count) select ${attachmentId}::uuid, word, ndoc from ts_stat(${vectors})`,
  );
}

async function storeGraph(tx: Tx, attachmentId: string, chunks: readonly Chunk[]): Promise<number> {
  const graph = buildGraph(chunks);
  await tx.delete(fileEntities).where(eq(fileEntities.attachmentId, attachmentId));
  await tx.delete(entityCooccurrences).where(eq(entityCooccurrences.attachmentId, attachmentId));
  await insertInBatches(graph.entities, (batch) =>
    tx.insert(fileEntities).values(batch.map((e) => ({ attachmentId, ...e }))),
  );
  await insertInBatches(graph.cooccurrences, (batch) =>
    tx.insert(entityCooccurrences).values(batch.map((c) => ({ attachmentId, ...c }))),
  );
  return graph.entities.length;
}

export async function indexAttachment(
  db: Db,
  config: Pick<Config, "blobDir" | "s3" | "uploadLimits" | "encryptionKey">,
  job: IndexingJob,
): Promise<IndexOutcome & Partial<EmbeddingOutcome>> {
  const [attachment] = await db.select().from(attachments).where(eq(attachments.attachmentId, job.attachmentId));
  if (!attachment) throw new ExtractionError("The attachment no longer exists.");
  const bytes = await blobStoreFor(config).get(attachment.blobKey);
  const extracted = await extractText(bytes, attachment.mimeType, config.uploadLimits);
  const chunks = chunkSections(extracted.sections);
  if (chunks.length === 0)
    throw new ExtractionError("The file contains no text to search (a scanned PDF needs OCR first).");
  const attachmentId = attachment.attachmentId;
  const outcome = await db.transaction(async (tx) => {
    // A retried job starts from a clean slate.
    await tx.delete(fileChunks).where(eq(fileChunks.attachmentId, attachmentId));
    await insertInBatches(chunks, (batch) =>
      tx
        .insert(fileChunks)
        .values(
          batch.map((c) => ({
            attachmentId,
            ordinal: c.ordinal,
            page: c.page,
            heading: c.heading,
            content: c.content,
            cjkTerms: cjkIndexTerms(`${c.heading ?? ""} ${c.content}`),
          })),
        ),
    );
    await storeTermStats(tx, attachmentId);
    let graph: Pick<IndexOutcome, "graphStatus" | "graphError" | "entityCount">;
    try {
      // A savepoint: a failed graph rolls back alone.
      const entityCount = await tx.transaction((sp) => storeGraph(sp, attachmentId, chunks));
      graph = { graphStatus: "Online", graphError: null, entityCount };
    } catch (error) {
      graph = { graphStatus: "Error", graphError: (error as Error).message.slice(0, 2000), entityCount: null };
    }
    const outcome: IndexOutcome = {
      chunkCount: chunks.length,
      pageCount: extracted.pageCount,
      indexVersion: INDEX_VERSION,
      ...graph,
    };
    await completeJob(tx, job, outcome);
    return outcome;
  });
  const embedder = await embedderFor(db, config);
  if (!embedder) return outcome;
  return { ...outcome, ...(await embedAttachment(db, embedder, job)) };
}
