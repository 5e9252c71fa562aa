/**
 * The vector index of one file, built after its text index is committed (the
 * file is searchable by text meanwhile): every passage embedded in batches,
 * the vectors stored in one transaction with the model they come from. A
 * failure is recorded on the job (embeddingStatus Error) and leaves the text
 * index Online; search then uses text alone for this file.
 */
import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { fileChunks } from "../db/filesSchema";
import type { Embedder } from "../embeddings/embedder";
import { hasVectorExtension } from "../embeddings/vectorExtension";
import { recordEmbedding, type IndexingJob } from "./jobs/jobQueue";

/** Rows per UPDATE … FROM (VALUES …): two bind parameters each. */
const UPDATE_BATCH = 500;

export interface EmbeddingOutcome {
  embeddingStatus: "Online" | "Error";
  embeddingError: string | null;
}

/** What is embedded: the heading gives a passage its context, as it does in the text index. */
export const embeddingText = (chunk: { heading: string | null; content: string }) =>
  chunk.heading ? `${chunk.heading}\n\n${chunk.content}` : chunk.content;

/** A real[] literal; both drivers pass it as text and PostgreSQL parses it. */
export const realArray = (vector: ArrayLike<number>) => `{${Array.from(vector).join(",")}}`;

export async function embedAttachment(db: Db, embedder: Embedder, job: IndexingJob): Promise<EmbeddingOutcome> {
  const chunks = await db
    .select({ chunkId: fileChunks.chunkId, heading: fileChunks.heading, content: fileChunks.content })
    .from(fileChunks)
    .where(eq(fileChunks.attachmentId, job.attachmentId))
    .orderBy(asc(fileChunks.ordinal));
  let vectors: Float32Array[];
  try {
    vectors = await embedder.embed(chunks.map(embeddingText));
  } catch (error) {
    const embeddingError = (error as Error).message;
    await recordEmbedding(db, job, { embeddingModel: null, embeddingStatus: "Error", embeddingError });
    return { embeddingStatus: "Error", embeddingError };
  }
  // With pgvector, the typed copy the database ranks by (see vectorExtension.ts).
  const typed = (await hasVectorExtension(db)) ? sql`, embedding_vector = v.embedding::vector` : sql``;
  await db.transaction(async (tx) => {
    for (let i = 0; i < chunks.length; i += UPDATE_BATCH) {
      const rows = chunks
        .slice(i, i + UPDATE_BATCH)
        .map((c, j) => sql`(${c.chunkId}::uuid, ${realArray(vectors[i + j]!)}::real[])`);
      await tx.execute(
        sql`update ${fileChunks} set embedding = v.embedding${typed} from (values ${sql.join(rows, sql`, `)}) as v(chunk_id, embedding) where ${fileChunks.chunkId} = v.chunk_id`,
      );
    }
    // A re-index that started meanwhile replaced these passages: its own run embeds the new ones.
    await recordEmbedding(tx, job, { embeddingModel: embedder.modelKey, embeddingStatus: "Online", embeddingError: null });
  });
  return { embeddingStatus: "Online", embeddingError: null };
}
