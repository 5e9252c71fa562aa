import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../helpers/buildTestApp";
import { syntheticContract } from "../../helpers/syntheticContract";

let t: TestApp;
let synthetic: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    handlers: {
      async getBuildInfo() {
        return {
          version: "1",
          buildId: "2",
          commitHash: "3",
          timestamp: "2025-01-01T00:00:00.000Z",
          databaseUrl: "postgres://secret",
        };
      },
      async getBrand() {
        return {
          brandKey: "b",
          name: "B",
          defaultBrandKey: "b",
          useLoginBackgroundImg: false,
          loginBackground: { main: "#000", internalNote: "x" },
          loginAlignment: "Left",
          theme: { primary: "#111", apiKey: "secret" },
          ownerEmail: "owner@example.com",
        };
      },
      async getInstanceSettings() {
        return { name: "Missing required fields" };
      },
    },
  });
  synthetic = await buildTestApp({
    contract: syntheticContract,
    handlers: {
      updateWidget: async () => ({
        widgetId: 9,
        name: "w",
        size: { width: 2, secret: true },
        tags: ["a"],
        passwordHash: "x",
      }),
      createWidget: async () => undefined,
    },
  });
});
afterAll(async () => {
  await t.close();
  await synthetic.close();
});

describe("response serialisation with the contract's schemas", () => {
  it("drops top-level fields the response schema does not name", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/internal/buildInfo" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      version: "1",
      buildId: "2",
      commitHash: "3",
      timestamp: "2025-01-01T00:00:00.000Z",
    });
  });

  it("drops nested fields too", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/internal/brands/b" });
    expect(response.json()).toEqual({
      brandKey: "b",
      name: "B",
      defaultBrandKey: "b",
      useLoginBackgroundImg: false,
      loginBackground: { main: "#000" },
      loginAlignment: "Left",
      theme: { primary: "#111" },
    });
  });

  it("answers a 500 problem, without details, when a handler's answer lacks required fields", async () => {
    const response = await t.app.inject({
      method: "GET",
      url: "/api/internal/InstanceSettings",
      headers: { "x-request-id": "ser-1" },
    });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      type: "about:blank",
      title: "Internal Server Error",
      status: 500,
      detail: "An unexpected error occurred.",
      requestId: "ser-1",
    });
  });

  it("serialises with the schema of a 2XX range and of inlined $refs", async () => {
    const response = await synthetic.app.inject({
      method: "PUT",
      url: "/api/internal/widgets/9",
      payload: { name: "w", alignment: "Left" },
    });
    expect(response.json()).toEqual({ widgetId: 9, name: "w", size: { width: 2 }, tags: ["a"] });
  });

  it("answers 204 with no body when a handler returns nothing", async () => {
    const token = await synthetic.tokenFor(
      await synthetic.createUser({ userName: "creator", actions: ["BrandsCreate"] }),
    );
    const response = await synthetic.app.inject({
      method: "POST",
      url: "/api/internal/widgets",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe("");
  });
});
