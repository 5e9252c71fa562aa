import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../../src/server/app";
import { combineHandlers, handlers } from "../../../src/server/features";
import { contractOperations } from "../../../src/server/http/contract";
import { HttpProblem } from "../../../src/server/http/problem";
import { checkHandlers } from "../../../src/server/http/router";
import { buildTestApp, type TestApp } from "../../helpers/buildTestApp";

const tokenResponse = { n1AIToken: "token" };
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    env: { SIGN_IN_RATE_LIMIT: "2" },
    handlers: {
      generateToken: async () => tokenResponse,
      async getBuildInfo() {
        throw new Error("database password is hunter2 at /srv/app/secret.ts:12");
      },
      async listFeatures() {
        throw new HttpProblem(409, "Conflict", "Somebody else changed it.", { name: ["is taken"] });
      },
    },
  });
});
afterAll(() => t.close());

describe("handlers and operations", () => {
  it("refuses to start when an operation has no handler, naming it", async () => {
    const { getBrand: _omitted, ...rest } = handlers;
    await expect(buildApp(t.deps, { handlers: rest })).rejects.toThrow(
      "No handler for operation(s): getBrand (GET /brands/{brandKey})",
    );
  });

  it("refuses a handler for an operation the contract does not define", () => {
    expect(() => checkHandlers(contractOperations(), { ...handlers, getWidgets: async () => [] })).toThrow(
      "Handler(s) for operations the contract does not define: getWidgets",
    );
  });

  it("refuses two features claiming one operation", () => {
    const handler = async () => null;
    expect(() => combineHandlers({ getBrand: handler }, { getBrand: handler })).toThrow(
      "Two handlers for operation getBrand",
    );
  });

  it("routes every contract operation under its server URL (/api/internal unless the path names its own)", () => {
    const operations = contractOperations();
    for (const op of operations)
      expect(t.app.hasRoute({ method: op.method, url: `${op.prefix}${op.path.replace(/\{(\w+)\}/g, ":$1")}` })).toBe(
        true,
      );
    expect(operations.filter((op) => op.prefix !== "/api/internal").map((op) => `${op.prefix}${op.path}`)).toEqual([
      "/generatedImages/{conversationId}/{conversationSegmentId}/{key}/{fileName}",
    ]);
  });
});

describe("errors", () => {
  it("answers a 404 problem for an unknown API path, not cached", async () => {
    const response = await t.app.inject({
      method: "DELETE",
      url: "/api/internal/nothing/here",
      headers: { "x-request-id": "r-404" },
    });
    expect(response.statusCode).toBe(404);
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.json()).toEqual({
      type: "about:blank",
      title: "Not Found",
      status: 404,
      detail: "There is nothing at this address.",
      requestId: "r-404",
    });
  });

  it("never leaks an unexpected error's message or stack", async () => {
    const response = await t.app.inject({
      method: "GET",
      url: "/api/internal/buildInfo",
      headers: { "x-request-id": "r-500" },
    });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain("hunter2");
    expect(response.body).not.toContain("secret.ts");
    expect(response.json()).toEqual({
      type: "about:blank",
      title: "Internal Server Error",
      status: 500,
      detail: "An unexpected error occurred.",
      requestId: "r-500",
    });
  });

  it("sends a problem a handler throws as it is", async () => {
    const response = await t.app.inject({
      method: "GET",
      url: "/api/internal/features/List",
      headers: { "x-request-id": "r-409" },
    });
    expect(response.statusCode).toBe(409);
    expect(response.headers["content-type"]).toBe("application/problem+json; charset=utf-8");
    expect(response.json()).toEqual({
      type: "about:blank",
      title: "Conflict",
      status: 409,
      detail: "Somebody else changed it.",
      requestId: "r-409",
      errors: { name: ["is taken"] },
    });
  });

  it("answers 413 for a body over BODY_LIMIT_BYTES", async () => {
    const small = await buildTestApp({
      env: { BODY_LIMIT_BYTES: "64" },
      handlers: { generateToken: async () => tokenResponse },
    });
    try {
      const response = await small.app.inject({
        method: "POST",
        url: "/api/internal/authorization/local/GenerateToken",
        payload: { userName: "admin", password: "x".repeat(100) },
      });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toMatchObject({
        title: "Payload Too Large",
        status: 413,
        detail: "The request body is too large.",
      });
    } finally {
      await small.close();
    }
  });
});

describe("API responses", () => {
  it("are never cached and carry the security headers", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/internal/brands/default" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["x-frame-options"]).toBe("SAMEORIGIN");
    expect(response.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  });
});

describe("the sign-in rate limit (x-rate-limit: signIn)", () => {
  const signIn = () =>
    t.app.inject({
      method: "POST",
      url: "/api/internal/authorization/local/GenerateToken",
      payload: { userName: "admin", password: "whatever" },
      remoteAddress: "10.0.0.9",
      headers: { "x-request-id": "r-429" },
    });

  it("answers 429 problem+json with Retry-After once SIGN_IN_RATE_LIMIT per minute is spent", async () => {
    expect((await signIn()).statusCode).toBe(200);
    expect((await signIn()).statusCode).toBe(200);
    const limited = await signIn();
    expect(limited.statusCode).toBe(429);
    expect(limited.headers["content-type"]).toBe("application/problem+json; charset=utf-8");
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect(Number(limited.headers["retry-after"])).toBeLessThanOrEqual(60);
    expect(limited.json()).toEqual({
      type: "about:blank",
      title: "Too Many Requests",
      status: 429,
      detail: expect.stringMatching(/^Too many attempts; retry in \d+ seconds?\.$/),
      requestId: "r-429",
    });
  });

  it("counts per client address and leaves other operations alone", async () => {
    const other = await t.app.inject({
      method: "POST",
      url: "/api/internal/authorization/local/GenerateToken",
      payload: { userName: "admin", password: "whatever" },
      remoteAddress: "10.0.0.10",
    });
    expect(other.statusCode).toBe(200);
    for (let i = 0; i < 4; i++)
      expect(
        (await t.app.inject({ method: "GET", url: "/api/internal/brands/default", remoteAddress: "10.0.0.9" }))
          .statusCode,
      ).toBe(200);
  });
});
