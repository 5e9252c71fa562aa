/**
 * The real server for a benchmark, on a fresh database: an in-memory or
 * file-backed PGlite, or a new database on a PostgreSQL server (dropped on
 * close). Migrated and seeded like a first start, with a `user`-role user holding
 * a product token and an agent bound to the benchmark's fake model server.
 * (tests/helpers/testDatabase.ts does the same for tests, but is tied to vitest.)
 */
import { mkdtempSync, rmSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { pino } from "pino";
import { buildApp } from "../../../src/server/app";
import { signProductToken } from "../../../src/server/auth/productToken";
import { loadConfig, type Config } from "../../../src/server/config";
import { openDatabase, type Database, type Db } from "../../../src/server/db/client";
import { userRoleAssignments, userRoles, users } from "../../../src/server/db/schema";
import { seed } from "../../../src/server/seed";
import { findPostgresBinDir, startPostgres, type StartedPostgres } from "../../../tests/support/postgres.mjs";
import { createAgent } from "../../../tests/helpers/chatFixtures";

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

/** A fresh, empty database on the PostgreSQL server at `serverUrl`, dropped by `drop`. */
export async function freshPostgresDatabase(
  serverUrl: string,
  prefix = "bench",
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
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

/** A throwaway PostgreSQL server (tests/support/postgres.mjs), or undefined when its binaries are not installed. */
export async function throwawayPostgres(): Promise<StartedPostgres | undefined> {
  if (!findPostgresBinDir()) return undefined;
  return startPostgres();
}

/** A user with the built-in `user` role and a product token for them. */
export async function createBenchUser(
  db: Db,
  config: Config,
  userName = "bench-user",
): Promise<{ userId: string; token: string }> {
  const [user] = await db.insert(users).values({ userName, displayName: "Bench User" }).returning();
  const [role] = await db.select().from(userRoles).where(eq(userRoles.name, "user"));
  if (!user || !role) throw new Error("could not create the benchmark user");
  await db.insert(userRoleAssignments).values({ userId: user.userId, userRoleId: role.userRoleId });
  const token = await signProductToken(config, {
    userId: user.userId,
    userName: user.userName,
    displayName: user.displayName,
    identityProvider: "local",
  });
  return { userId: user.userId, token };
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
  });
  const postgres =
    options.database.kind === "postgres"
      ? await freshPostgresDatabase(options.database.serverUrl, options.name.replace(/\W/g, "_"))
      : undefined;
  const database = await openDatabase(
    postgres
      ? { databaseUrl: postgres.url }
      : options.database.kind === "pglite" && options.database.onDisk
        ? { dataDir: join(dataDir, "db") }
        : {},
  );
  await database.migrate();
  await seed(database.db, config);
  options.beforeListen?.(database);
  const app = await buildApp({ config, database, log: pino({ level: "silent" }) });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  const db = database.db;
  const { userId, token } = await createBenchUser(db, config);
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
