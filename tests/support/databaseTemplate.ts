/**
 * Migrated, empty databases to copy: creating a PGlite (initdb) and running every
 * migration costs seconds each time, while loading a dump of a migrated one, or
 * `CREATE DATABASE … TEMPLATE` on PostgreSQL, costs a fraction of that. Templates are
 * made with the app's own openDatabase and migrate, so extensions and migrations match
 * what the server does at start. Not tied to Vitest: benchmarks use it too.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { openDatabase, type Database } from "../../src/server/db/client";

export interface PostgresDatabase {
  name: string;
  url: string;
  /** Drops the database, closing whatever is still connected to it. */
  drop(): Promise<void>;
}

async function adminQuery(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A new database on the PostgreSQL server at `serverUrl` (as a user that may create databases):
 * empty, or a copy of `template` (which nobody may be connected to meanwhile).
 */
export async function freshPostgresDatabase(
  serverUrl: string,
  prefix: string,
  template?: string,
): Promise<PostgresDatabase> {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  await adminQuery(serverUrl, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ""}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/** Opens a database with the app's options, migrates it, runs `then` on it (e.g. a dump) and closes it. */
async function migrated<T>(options: Parameters<typeof openDatabase>[0], then?: (database: Database) => Promise<T>) {
  const database = await openDatabase(options);
  try {
    await database.migrate();
    return await then?.(database);
  } finally {
    await database.close();
  }
}

/** A migrated database on the PostgreSQL server, to pass as `template` to freshPostgresDatabase. */
export async function migratedPostgresTemplate(serverUrl: string): Promise<PostgresDatabase> {
  const template = await freshPostgresDatabase(serverUrl, "template_migrated");
  await migrated({ databaseUrl: template.url });
  return template;
}

/** An in-memory PGlite, migrated, as a `dumpDataDir()` tarball for openDatabase's `pgliteDump`. */
export async function migratedPgliteDump(): Promise<Uint8Array> {
  const dump = await migrated({}, (database) => database.db.$client.dumpDataDir("none"));
  return new Uint8Array(await dump!.arrayBuffer());
}

/** A file-backed PGlite under `dataDir` (as the server keeps it under DATA_DIR), migrated: copy the folder to start from it. */
export async function migratedPgliteDataDir(dataDir: string): Promise<void> {
  await migrated({ dataDir });
}
