/**
 * One migrated, seeded database per test file: an in-memory PGlite, or, when
 * DATABASE_URL is set, a fresh database on that PostgreSQL server (dropped
 * when the file's tests are done).
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll } from "vitest";
import type { Config } from "../../src/server/config";
import { openDatabase, type Database } from "../../src/server/db/client";
import { seed, type SeedResult } from "../../src/server/seed";

export interface TestDatabase {
  database: Database;
  seedResult: SeedResult;
}

let shared: Promise<{ testDb: TestDatabase; dispose: () => Promise<void> }> | undefined;

async function createPostgresDatabase(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

async function create(config: Pick<Config, "adminUserName" | "adminPassword">) {
  const serverUrl = process.env.DATABASE_URL;
  const postgres = serverUrl ? await createPostgresDatabase(serverUrl) : undefined;
  const database = await openDatabase(postgres ? { databaseUrl: postgres.url } : {});
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
