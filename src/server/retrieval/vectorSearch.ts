/**
 * The passages nearest a question's vector (cosine), among the files whose
 * vectors come from the current embedding model. On a PostgreSQL server with
 * pgvector the database ranks by its typed column (`embedding_vector <=> query`,
 * see vectorExtension.ts); elsewhere — PGlite, or a server without the
 * extension — the same exact ranking runs here, over a cached Float32Array per
 * file. Ranking in SQL over real[] instead (unnest, or a cast per row) parses
 * every array on every question: ~5× pgvector's cost on the typed column at
 * 10,000 passages. In process a warm scan is a dot product per passage: on
 * PGlite it beats pgvector's WebAssembly scan (p95 42 ms against 101 ms at
 * 10,000 passages), so PGlite always ranks here. A server keeps pgvector: the
 * first question after a start or a re-index would load and parse the file's
 * arrays, and the vectors would stay in every instance's memory.
 *
 * Both are exact scans, no ANN index: an HNSW index needs a column of one fixed
 * dimension, which depends on the model chosen at run time. A question searches
 * one conversation's and one agent's files — thousands of passages, not
 * millions (scripts/bench/files.ts --embeddings measures 10,000).
 */
import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { KeyedCache } from "../cache/keyedCache";
import type { Db } from "../db/client";
import { fileChunks, indexingJobs } from "../db/filesSchema";
import { normalised } from "../embeddings/embedder";
import { hasVectorExtension } from "../embeddings/vectorExtension";

export interface EmbeddedFile {
  attachmentId: string;
  /** Changes whenever the job stores new passages or vectors: part of the in-process cache key. */
  updatedAt: Date;
}

/** The files among `fileIds` whose vectors are complete and from `modelKey`. */
export async function filesEmbeddedWith(db: Db, fileIds: readonly string[], modelKey: string): Promise<EmbeddedFile[]> {
  if (fileIds.length === 0) return [];
  return db
    .select({ attachmentId: indexingJobs.attachmentId, updatedAt: indexingJobs.updatedAt })
    .from(indexingJobs)
    .where(
      and(
        inArray(indexingJobs.attachmentId, [...fileIds]),
        eq(indexingJobs.status, "Online"),
        eq(indexingJobs.embeddingStatus, "Online"),
        eq(indexingJobs.embeddingModel, modelKey),
      ),
    );
}

interface FileVectors {
  chunkIds: string[];
  /** Unit vectors, one after another. */
  vectors: Float32Array;
  dimensions: number;
}

/**
 * At most this many files' vectors stay in memory (a 1,000-passage file of
 * 1,536-dimension vectors is ~6 MB); entries expire so an idle server gives it back.
 */
const fileVectorCache = new WeakMap<Db, KeyedCache<FileVectors>>();
const CACHED_FILES = 200;
const CACHE_TTL_MS = 10 * 60_000;

async function loadFileVectors(db: Db, attachmentId: string): Promise<FileVectors> {
  const rows = await db
    .select({ chunkId: fileChunks.chunkId, embedding: fileChunks.embedding })
    .from(fileChunks)
    .where(and(eq(fileChunks.attachmentId, attachmentId), isNotNull(fileChunks.embedding)));
  const dimensions = rows[0]?.embedding?.length ?? 0;
  const vectors = new Float32Array(rows.length * dimensions);
  rows.forEach((row, i) => vectors.set(normalised(row.embedding!), i * dimensions));
  return { chunkIds: rows.map((r) => r.chunkId), vectors, dimensions };
}

function fileVectors(db: Db, file: EmbeddedFile): Promise<FileVectors> {
  let cache = fileVectorCache.get(db);
  if (!cache) {
    cache = new KeyedCache<FileVectors>({ ttlMs: CACHE_TTL_MS, maxEntries: CACHED_FILES });
    fileVectorCache.set(db, cache);
  }
  return cache.get(`${file.attachmentId}:${file.updatedAt.getTime()}`, () => loadFileVectors(db, file.attachmentId));
}

/** Exact cosine ranking in process: the query and the stored vectors are unit length, so a dot product. */
async function nearestInProcess(db: Db, files: EmbeddedFile[], query: Float32Array, limit: number): Promise<string[]> {
  const best: { chunkId: string; score: number }[] = [];
  for (const file of files) {
    const { chunkIds, vectors, dimensions } = await fileVectors(db, file);
    if (dimensions !== query.length) continue;
    for (let c = 0; c < chunkIds.length; c += 1) {
      let score = 0;
      const offset = c * dimensions;
      for (let d = 0; d < dimensions; d += 1) score += vectors[offset + d]! * query[d]!;
      if (best.length < limit || score > best[best.length - 1]!.score) {
        best.push({ chunkId: chunkIds[c]!, score });
        best.sort((a, b) => b.score - a.score);
        if (best.length > limit) best.pop();
      }
    }
  }
  return best.map((b) => b.chunkId);
}

async function nearestWithPgvector(db: Db, files: EmbeddedFile[], query: Float32Array, limit: number): Promise<string[]> {
  const literal = `[${Array.from(query).join(",")}]`;
  const rows = await db
    .select({ chunkId: fileChunks.chunkId })
    .from(fileChunks)
    .where(
      and(
        inArray(
          fileChunks.attachmentId,
          files.map((f) => f.attachmentId),
        ),
        sql`embedding_vector is not null`,
      ),
    )
    .orderBy(sql`embedding_vector <=> ${literal}::vector`)
    .limit(limit);
  return rows.map((r) => r.chunkId);
}

/** The ids of the `limit` passages nearest `query` (a unit vector), nearest first. */
export async function nearestChunkIds(
  db: Db,
  files: EmbeddedFile[],
  query: Float32Array,
  limit: number,
): Promise<string[]> {
  if (files.length === 0) return [];
  return (await hasVectorExtension(db))
    ? nearestWithPgvector(db, files, query, limit)
    : nearestInProcess(db, files, query, limit);
}
