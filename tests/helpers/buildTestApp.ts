/**
 * A real app on a real database for server tests: `app.inject()` against the
 * file's shared database (PGlite, or PostgreSQL when DATABASE_URL is set).
 */
import { join } from "node:path";
import { tmpdir } from "node:os";
import type { FastifyInstance } from "fastify";
import { pino } from "pino";
import { buildApp } from "../../src/server/app";
import { loadConfig, type Config } from "../../src/server/config";
import { handlers as featureHandlers } from "../../src/server/features";
import type { OpenApiDocument } from "../../src/server/http/contract";
import type { AppDeps, Handlers } from "../../src/server/http/types";
import { testDatabase } from "./testDatabase";
import { createUser, productTokenFor, type CreateUserOptions, type TestUser } from "./testUsers";

export type { CreateUserOptions, TestUser } from "./testUsers";

/** The seeded administrator's credentials in every test database. */
export const TEST_ADMIN = { userName: "admin", password: "correct horse battery staple" };

export interface TestApp {
  app: FastifyInstance;
  deps: AppDeps;
  /** A valid product token for a user (by user name or as returned by createUser). */
  tokenFor(user: string | TestUser): Promise<string>;
  createUser(options: CreateUserOptions): Promise<TestUser>;
  close(): Promise<void>;
}

export interface BuildTestAppOptions {
  /** Environment overrides for loadConfig (e.g. STATIC_DIR, SIGN_IN_RATE_LIMIT). */
  env?: Record<string, string>;
  /** Handler replacements by operationId, merged over the real ones. */
  handlers?: Handlers;
  /** A contract to serve instead of the bundled one (router tests); `handlers` must then cover it. */
  contract?: OpenApiDocument;
}

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    TOKEN_SECRET: "test-token-secret-that-is-long-enough-for-hs256",
    ENCRYPTION_KEY: Buffer.alloc(32, 7).toString("base64"),
    ADMIN_USERNAME: TEST_ADMIN.userName,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    LOG_LEVEL: "silent",
    STATIC_DIR: join(tmpdir(), "agent-chat-no-static-dir"),
    DATA_DIR: join(tmpdir(), "agent-chat-test-data"),
    // An answer whose page went away stops after this long (10 s by default): tests wait less.
    ANSWER_RECONNECT_GRACE_MS: "300",
    ...env,
  });
}

export async function buildTestApp(options: BuildTestAppOptions = {}): Promise<TestApp> {
  const config = testConfig(options.env);
  const { database } = await testDatabase(config);
  const db = database.db;
  const deps: AppDeps = { config, database, log: pino({ level: process.env.TEST_LOG_LEVEL ?? "silent" }) };
  const handlers = options.contract ? (options.handlers ?? {}) : { ...featureHandlers, ...options.handlers };
  const app = await buildApp(deps, { handlers, contract: options.contract });
  await app.ready();

  return {
    app,
    deps,
    tokenFor: (user) => productTokenFor(db, config, user),
    createUser: (userOptions) => createUser(db, userOptions),
    close: () => app.close(),
  };
}
