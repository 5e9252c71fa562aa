/**
 * pgvector where the database has it: PGlite always does (the extension ships
 * as an npm package and is registered when PGlite is created); a PostgreSQL
 * server only when the extension is installed there and we may create it.
 *
 * Migrations never depend on it: passages keep their vectors as real[]
 * (file_chunks.embedding), which every server can store. When the extension can
 * be enabled, a typed copy, file_chunks.embedding_vector, is added here at start
 * (outside the migrations, which must run on servers without pgvector) and
 * filled beside real[]: ranking with `embedding::vector` would parse every
 * array on every question (measured ~5× slower than the typed column at 10,000
 * passages on PGlite). Without it, vectors are ranked in process (vectorSearch.ts).
 */
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";

const available = new WeakMap<Db, Promise<boolean>>();

/** After migrating: enables pgvector and its column when possible; failure only means the in-process ranking. */
export async function enableVectorExtension(db: Db): Promise<boolean> {
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
  const usable = detect(db);
  available.set(db, usable);
  return usable;
}

async function detect(db: Db): Promise<boolean> {
  const result = await db.execute<{ usable: boolean }>(
    sql`select exists (select 1 from pg_extension where extname = 'vector')
          and exists (select 1 from information_schema.columns where table_name = 'file_chunks' and column_name = 'embedding_vector') as usable`,
  );
  return result.rows[0]?.usable === true;
}

/** Whether vectors are ranked by pgvector on this database (file_chunks.embedding_vector exists). */
export function hasVectorExtension(db: Db): Promise<boolean> {
  let known = available.get(db);
  if (!known) {
    known = detect(db);
    available.set(db, known);
  }
  return known;
}

/** Tests: search this database as a PostgreSQL server without pgvector would. */
export function disableVectorExtensionFor(db: Db): void {
  available.set(db, Promise.resolve(false));
}
