/**
 * pgvector on PostgreSQL servers that have it (installed there and we may
 * create it); never on PGlite, although the extension ships with it (registered
 * when PGlite is created, so data directories that enabled it still open):
 * its WebAssembly scan is slower than the exact ranking in process — p95 101 ms
 * against 42 ms at 10,000 passages (scripts/bench/files.ts --embeddings).
 *
 * Migrations never depend on it: passages keep their vectors as real[]
 * (file_chunks.embedding), which every server can store. When the extension can
 * be enabled, a typed copy, file_chunks.embedding_vector, is added here at start
 * (outside the migrations, which must run on servers without pgvector) and
 * filled beside real[]: ranking with `embedding::vector` would parse every
 * array on every question (measured ~5× slower than the typed column at 10,000
 * passages on PGlite). Without it, vectors are ranked in process (vectorSearch.ts).
 */
import { PGlite } from "@electric-sql/pglite";
import { PGliteThread } from "../db/pgliteThread";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";

const available = new WeakMap<Db, Promise<boolean>>();

const isPglite = (db: Db) => db.$client instanceof PGlite || (db.$client as unknown) instanceof PGliteThread;

/**
 * After migrating: enables pgvector and its column when possible; failure only means the in-process ranking.
 * On PGlite nothing is enabled (nor a second copy of every vector written): the in-process ranking is faster there.
 */
export function enableVectorExtension(db: Db): Promise<boolean> {
  const usable = isPglite(db) ? Promise.resolve(false) : installVectorColumn(db);
  available.set(db, usable);
  return usable;
}

async function installVectorColumn(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`create extension if not exists vector`);
    await db.execute(sql`alter table file_chunks add column if not exists embedding_vector vector`);
    // Vectors stored before the extension was there (or by a server that could not use it).
    await db.execute(
      sql`update file_chunks set embedding_vector = embedding::vector where embedding is not null and embedding_vector is null`,
    );
  } catch {
    // Not installed on this server, no privilege to create it, or another instance raced us:
    // what is usable is checked below either way.
  }
  return detect(db);
}

async function detect(db: Db): Promise<boolean> {
  const result = await db.execute<{ usable: boolean }>(
    sql`select exists (select 1 from pg_extension where extname = 'vector')
          and exists (select 1 from information_schema.columns where table_name = 'file_chunks' and column_name = 'embedding_vector') as usable`,
  );
  return result.rows[0]?.usable === true;
}

/** Whether vectors are ranked by pgvector on this database (and so copied into file_chunks.embedding_vector). */
export function hasVectorExtension(db: Db): Promise<boolean> {
  let known = available.get(db);
  if (!known) {
    // A PGlite data directory that enabled pgvector before keeps its column, unused and no longer filled.
    known = isPglite(db) ? Promise.resolve(false) : detect(db);
    available.set(db, known);
  }
  return known;
}

/**
 * Tests and benchmarks: rank with pgvector even on PGlite, the only database here that has it
 * (so the SQL ranking is exercised and measured); false when it cannot be enabled.
 */
export function enableVectorExtensionEvenOnPglite(db: Db): Promise<boolean> {
  const usable = installVectorColumn(db);
  available.set(db, usable);
  return usable;
}

/** Tests: search this database as a PostgreSQL server without pgvector would. */
export function disableVectorExtensionFor(db: Db): void {
  available.set(db, Promise.resolve(false));
}
