import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DrizzleQueryError } from "drizzle-orm/errors";
import { buildApp } from "../../../src/server/app";
import { openDatabase } from "../../../src/server/db/client";
import { isDatabaseUnreachable } from "../../../src/server/db/unreachable";
import { buildTestApp, type TestApp } from "../../helpers/buildTestApp";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe("GET /healthz", () => {
  it("answers 200 ok without touching the database", async () => {
    const response = await t.app.inject({ method: "GET", url: "/healthz" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ok" });
    expect(response.headers["cache-control"]).toBe("no-store");
  });
});

describe("GET /readyz", () => {
  it("answers 200 when the database is migrated and answering", async () => {
    const response = await t.app.inject({ method: "GET", url: "/readyz" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ok" });
  });

  it("answers 503 problem+json with Retry-After when the database is not ready", async () => {
    const notReady = { ...t.deps.database, isReady: async () => false };
    const app = await buildApp({ ...t.deps, database: notReady });
    try {
      const response = await app.inject({ method: "GET", url: "/readyz", headers: { "x-request-id": "ready-1" } });
      expect(response.statusCode).toBe(503);
      expect(response.headers["content-type"]).toBe("application/problem+json; charset=utf-8");
      expect(response.headers["retry-after"]).toBe("10");
      expect(response.json()).toEqual({
        type: "about:blank",
        title: "Service Unavailable",
        status: 503,
        detail: "The database is not ready.",
        requestId: "ready-1",
      });
    } finally {
      await app.close();
    }
  });
});

describe("a request while the database cannot be reached", () => {
  // The same driver as the server's database: a PostgreSQL run (the embedded database cannot go away).
  it.skipIf(!process.env.DATABASE_URL)(
    "answers 503 problem+json with Retry-After, not an unexpected error",
    async () => {
      // Nothing listens on port 1: every statement fails to connect, as while PostgreSQL restarts.
      const unreachable = await openDatabase({ databaseUrl: "postgres://agent-chat@127.0.0.1:1/agent_chat" });
      const database = { ...t.deps.database };
      const app = await buildApp({ ...t.deps, database });
      try {
        await app.ready();
        // The server started with its database; it went away since.
        database.db = unreachable.db;
        const user = await t.createUser({ userName: `unreachable-${Date.now()}`, roles: ["user"] });
        const response = await app.inject({
          url: "/api/internal/CurrentUser/AvailableGptSystems",
          headers: { authorization: `Bearer ${await t.tokenFor(user)}`, "x-request-id": "down-1" },
        });
        expect(response.statusCode).toBe(503);
        expect(response.headers["retry-after"]).toBe("10");
        expect(response.json()).toEqual({
          type: "about:blank",
          title: "Service Unavailable",
          status: 503,
          detail: "The database cannot be reached. Try again in a moment.",
          requestId: "down-1",
        });
      } finally {
        await app.close();
        await unreachable.close();
      }
    },
  );

  it("tells the database's unavailability from other failures", () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    expect(isDatabaseUnreachable(new DrizzleQueryError("select 1", [], refused))).toBe(true);
    expect(isDatabaseUnreachable(refused)).toBe(true);
    const shutdown = Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" });
    expect(isDatabaseUnreachable(new DrizzleQueryError("select 1", [], shutdown))).toBe(true);
    expect(
      isDatabaseUnreachable(new DrizzleQueryError("select 1", [], new Error("Connection terminated unexpectedly"))),
    ).toBe(true);
    // A constraint violation, or object storage that cannot be reached through fetch, is no database outage.
    const duplicate = Object.assign(new Error("duplicate key value"), { code: "23505" });
    expect(isDatabaseUnreachable(new DrizzleQueryError("insert", [], duplicate))).toBe(false);
    expect(isDatabaseUnreachable(new TypeError("fetch failed", { cause: refused }))).toBe(false);
  });
});
