import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../../src/server/app";
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
