/**
 * The real server for a benchmark, on a fresh database: an in-memory or
 * file-backed PGlite, or a new database on a PostgreSQL server (dropped on
 * close). Migrated and seeded like a first start, with a `user`-role user holding
 * a product token and an agent bound to the benchmark's fake model server.
 * (The database and user helpers are the tests' own, which are not tied to Vitest.)
 */
import { mkdtempSync, rmSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { pino } from "pino";
import { buildApp } from "../../../src/server/app";
import { loadConfig, type Config } from "../../../src/server/config";
import { openDatabase, type Database, type Db } from "../../../src/server/db/client";
import { seed } from "../../../src/server/seed";
import { findPostgresBinDir, startPostgres, type StartedPostgres } from "../../../tests/support/postgres.mjs";
import { createAgent } from "../../../tests/helpers/chatFixtures";
import { createUser, productTokenFor } from "../../../tests/helpers/testUsers";
import { freshPostgresDatabase } from "../../../tests/support/databaseTemplate";

export type BenchDatabase =
  | { kind: "pglite"; onDisk?: boolean }
  /** `serverUrl` connects to an existing server as a user that may create databases. */
  | { kind: "postgres"; serverUrl: string };

export interface BenchServerOptions {
  database: BenchDatabase;
  /** Prefix of the temporary DATA_DIR. */
  name: string;
  /** The built front end to serve; none by default. */
  staticDir?: string;
  openaiBaseUrl: string;
  agentName?: string;
  systemPrompt?: string;
  /** Called before the server listens (e.g. to wrap the database client). */
  beforeListen?: (database: Database) => void;
}

export interface BenchServer {
  url: string;
  config: Config;
  database: Database;
  db: Db;
  app: FastifyInstance;
  userId: string;
  token: string;
  gptSystemId: string;
  close(): Promise<void>;
}

/** A throwaway PostgreSQL server (tests/support/postgres.mjs), or undefined when its binaries are not installed. */
export async function throwawayPostgres(): Promise<StartedPostgres | undefined> {
  if (!findPostgresBinDir()) return undefined;
  return startPostgres();
}

export async function startBenchServer(options: BenchServerOptions): Promise<BenchServer> {
  const dataDir = mkdtempSync(join(tmpdir(), `${options.name}-`));
  const config = loadConfig({
    TOKEN_SECRET: randomBytes(32).toString("base64"),
    ENCRYPTION_KEY: randomBytes(32).toString("base64"),
    ADMIN_USERNAME: "admin",
    ADMIN_PASSWORD: randomBytes(12).toString("base64"),
    LOG_LEVEL: "silent",
    DATA_DIR: dataDir,
    STATIC_DIR: options.staticDir ?? join(dataDir, "no-static"),
    // PGLITE_THREAD=off: the embedded database on the server's thread, for comparison.
    PGLITE_THREAD: process.env.PGLITE_THREAD,
    // One user asks every question of the benchmark, hundreds at once.
    MAX_ANSWERS_PER_USER: "0",
  });
  const postgres =
    options.database.kind === "postgres"
      ? await freshPostgresDatabase(options.database.serverUrl, options.name.replace(/\W/g, "_"))
      : undefined;
  const database = await openDatabase(
    postgres
      ? { databaseUrl: postgres.url }
      : {
          dataDir: options.database.kind === "pglite" && options.database.onDisk ? join(dataDir, "db") : undefined,
          pgliteThread: config.pgliteThread,
        },
  );
  await database.migrate();
  await seed(database.db, config);
  options.beforeListen?.(database);
  const app = await buildApp({ config, database, log: pino({ level: "silent" }) });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  const db = database.db;
  // A user with the built-in `user` role and a product token for them.
  const { userId } = await createUser(db, { userName: "bench-user", displayName: "Bench User", roles: ["user"] });
  const token = await productTokenFor(db, config, "bench-user");
  const { gptSystemId } = await createAgent(db, {
    openaiBaseUrl: options.openaiBaseUrl,
    encryptionKey: config.encryptionKey,
    name: options.agentName ?? "Bench agent",
    ...(options.systemPrompt ? { systemPrompt: options.systemPrompt } : {}),
  });
  return {
    url,
    config,
    database,
    db,
    app,
    userId,
    token,
    gptSystemId,
    close: async () => {
      await app.close();
      await database.close();
      await postgres?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
