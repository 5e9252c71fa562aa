/**
 * A real app on a real database for server tests: `app.inject()` against the
 * file's shared database (PGlite, or PostgreSQL when DATABASE_URL is set).
 */
import { join } from "node:path";
import { tmpdir } from "node:os";
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { pino } from "pino";
import { buildApp } from "../../src/server/app";
import { signProductToken } from "../../src/server/auth/productToken";
import { loadConfig, type Config } from "../../src/server/config";
import { userRoleAssignments, userRoles, users } from "../../src/server/db/schema";
import { handlers as featureHandlers } from "../../src/server/features";
import type { OpenApiDocument } from "../../src/server/http/contract";
import type { Action, AppDeps, Handlers } from "../../src/server/http/types";
import { testDatabase } from "./testDatabase";

/** The seeded administrator's credentials in every test database. */
export const TEST_ADMIN = { userName: "admin", password: "correct horse battery staple" };

export interface TestUser {
  userId: string;
  userName: string;
  displayName: string;
}

export interface CreateUserOptions {
  userName: string;
  displayName?: string;
  email?: string | null;
  /** Names of existing roles to assign (e.g. "admin", "user"). */
  roles?: string[];
  /** Grants exactly these actions through a role made for this user. */
  actions?: Action[];
  isDisabled?: boolean;
}

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

  async function findUser(userName: string): Promise<TestUser> {
    const [row] = await db
      .select()
      .from(users)
      .where(sql`lower(${users.userName}) = lower(${userName})`);
    if (!row) throw new Error(`no user ${userName}`);
    return { userId: row.userId, userName: row.userName, displayName: row.displayName };
  }

  async function createUser(o: CreateUserOptions): Promise<TestUser> {
    const [user] = await db
      .insert(users)
      .values({
        userName: o.userName,
        displayName: o.displayName ?? o.userName,
        email: o.email ?? null,
        isDisabled: o.isDisabled ?? false,
      })
      .returning();
    if (!user) throw new Error("insert returned nothing");
    const roleIds: string[] = [];
    for (const name of o.roles ?? []) {
      const [role] = await db.select().from(userRoles).where(eq(userRoles.name, name));
      if (!role) throw new Error(`no role ${name}`);
      roleIds.push(role.userRoleId);
    }
    if (o.actions) {
      const [role] = await db
        .insert(userRoles)
        .values({ name: `${o.userName}-actions`, actions: o.actions })
        .returning();
      roleIds.push(role!.userRoleId);
    }
    if (roleIds.length > 0)
      await db.insert(userRoleAssignments).values(roleIds.map((userRoleId) => ({ userId: user.userId, userRoleId })));
    return { userId: user.userId, userName: user.userName, displayName: user.displayName };
  }

  async function tokenFor(user: string | TestUser): Promise<string> {
    const subject = typeof user === "string" ? await findUser(user) : user;
    const { userId, userName, displayName } = subject;
    return signProductToken(config, { userId, userName, displayName, identityProvider: "local" });
  }

  return { app, deps, tokenFor, createUser, close: () => app.close() };
}
