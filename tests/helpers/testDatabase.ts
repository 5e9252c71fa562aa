/**
 * One migrated, seeded database per test file: an in-memory PGlite, or, when
 * DATABASE_URL is set, a fresh database on that PostgreSQL server (dropped
 * when the file's tests are done). Both are copies of the run's migrated
 * template (tests/support/databaseTemplateSetup.ts); without one (a file run
 * outside the server project) the database is created and migrated here.
 */
import { readFileSync } from "node:fs";
import { afterAll, inject } from "vitest";
import type { Config } from "../../src/server/config";
import { openDatabase, type Database } from "../../src/server/db/client";
import { seed, type SeedResult } from "../../src/server/seed";
import { freshPostgresDatabase, type PostgresDatabase } from "../support/databaseTemplate";

export interface TestDatabase {
  database: Database;
  seedResult: SeedResult;
}

let shared: Promise<{ testDb: TestDatabase; dispose: () => Promise<void> }> | undefined;

async function openCopyOfTemplate(): Promise<{ database: Database; postgres?: PostgresDatabase }> {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const postgres = await freshPostgresDatabase(serverUrl, "test", inject("postgresTemplate"));
    return { database: await openDatabase({ databaseUrl: postgres.url }), postgres };
  }
  const dumpFile = inject("pgliteTemplateFile");
  return { database: await openDatabase(dumpFile ? { pgliteDump: new Blob([readFileSync(dumpFile)]) } : {}) };
}

async function create(config: Pick<Config, "adminUserName" | "adminPassword">) {
  const { database, postgres } = await openCopyOfTemplate();
  // On a copy of the template this applies nothing, but marks the database ready as at a server start.
  await database.migrate();
  const seedResult = await seed(database.db, config);
  return {
    testDb: { database, seedResult },
    dispose: async () => {
      await database.close();
      await postgres?.drop();
    },
  };
}

/** The file's database, created (migrated and seeded with `config`) on first use. */
export async function testDatabase(config: Pick<Config, "adminUserName" | "adminPassword">): Promise<TestDatabase> {
  shared ??= create(config);
  return (await shared).testDb;
}

// This module is evaluated once per test file, while the file is collected: the hook belongs to that file.
afterAll(async () => {
  const current = shared;
  shared = undefined;
  if (current) await (await current).dispose();
});
