import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Handlers } from "../../../src/server/http/types";
import { buildTestApp, type TestApp } from "../../helpers/buildTestApp";
import { syntheticContract } from "../../helpers/syntheticContract";

/** Echoes what the router handed over, so the tests see coercion and validation from the outside. */
const echo: Handlers = {
  async updateWidget(request) {
    return { ...(request.body as object), ...(request.params as object), ...(request.query as object) };
  },
  async createWidget(request) {
    return { widgetId: 1, name: (request.body as { name?: string } | undefined)?.name ?? "unnamed" };
  },
};

let t: TestApp;
let widgetToken: string;
beforeAll(async () => {
  t = await buildTestApp({ contract: syntheticContract, handlers: echo });
  widgetToken = await t.tokenFor(await t.createUser({ userName: "widget-maker", actions: ["BrandsCreate"] }));
});
afterAll(() => t.close());

const headers = { "x-request-id": "req-1" };

function badRequest(errors: Record<string, string[]>) {
  return {
    type: "about:blank",
    title: "Bad Request",
    status: 400,
    detail: "The request is not valid.",
    requestId: "req-1",
    errors,
  };
}

async function put(url: string, payload: unknown) {
  return t.app.inject({ method: "PUT", url, payload: payload as object, headers });
}

describe("request validation", () => {
  it("passes a valid request, coercing path and query parameters but not the body", async () => {
    const response = await put("/api/internal/widgets/7?dryRun=true&tags=a", {
      name: "Lamp",
      alignment: "Left",
      note: null,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ widgetId: 7, name: "Lamp", note: null, tags: ["a"] });
  });

  it("names every invalid body field, with dotted paths for nested ones", async () => {
    const response = await put("/api/internal/widgets/7", {
      name: "A name that is far too long",
      alignment: "Middle",
      note: 5,
      size: { unit: "cm", depth: 3 },
      colour: "red",
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers["content-type"]).toBe("application/problem+json; charset=utf-8");
    expect(response.json()).toEqual(
      badRequest({
        name: ["must be at most 10 characters"],
        alignment: ["must be one of: Left, Center, Right"],
        note: ["must be a string or null"],
        "size.width": ["is required"],
        "size.depth": ["is not allowed"],
        colour: ["is not allowed"],
      }),
    );
  });

  it("reports missing required properties under their own names", async () => {
    const response = await put("/api/internal/widgets/7", {});
    expect(response.json()).toEqual(badRequest({ name: ["is required"], alignment: ["is required"] }));
  });

  it("does not coerce body values", async () => {
    const response = await put("/api/internal/widgets/7", { name: 42, alignment: "Left", size: { width: "3" } });
    expect(response.json()).toEqual(badRequest({ name: ["must be a string"], "size.width": ["must be an integer"] }));
  });

  it("rejects a missing required body", async () => {
    const response = await t.app.inject({ method: "PUT", url: "/api/internal/widgets/7", headers });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(badRequest({ body: ["is required"] }));
  });

  it("accepts a missing optional body", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/internal/widgets",
      headers: { authorization: `Bearer ${widgetToken}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ widgetId: 1, name: "unnamed" });
  });

  it("names path parameters", async () => {
    const response = await put("/api/internal/widgets/0", { name: "Lamp", alignment: "Left" });
    expect(response.json()).toEqual(badRequest({ widgetId: ["must be at least 1"] }));
    const notANumber = await put("/api/internal/widgets/lamp", { name: "Lamp", alignment: "Left" });
    expect(notANumber.json()).toEqual(badRequest({ widgetId: ["must be an integer"] }));
  });

  it("names query parameters", async () => {
    const response = await put("/api/internal/widgets/7?dryRun=maybe&tags=a&tags=b&tags=c", {
      name: "Lamp",
      alignment: "Left",
    });
    expect(response.json()).toEqual(
      badRequest({ dryRun: ["must be true or false"], tags: ["must have at most 2 items"] }),
    );
  });

  it("refuses text with U+0000, which the database cannot store, in the body and in parameters", async () => {
    const body = await put("/api/internal/widgets/7", {
      name: "La\u0000mp",
      alignment: "Left",
      size: { unit: "c\u0000m", width: 2 },
    });
    expect(body.statusCode).toBe(400);
    expect(body.json()).toEqual(
      badRequest({
        name: ["must not contain the character U+0000"],
        "size.unit": ["must not contain the character U+0000"],
      }),
    );
    const query = await put("/api/internal/widgets/7?tags=a%00b", { name: "Lamp", alignment: "Left" });
    expect(query.json()).toEqual(badRequest({ "tags.0": ["must not contain the character U+0000"] }));
  });

  it("refuses a body nested thousands of levels deep with a 400, not a 500", async () => {
    const deep = `{"name":"Lamp","alignment":"Left","extra":${"[".repeat(20_000)}${"]".repeat(20_000)}}`;
    const response = await t.app.inject({
      method: "PUT",
      url: "/api/internal/widgets/7",
      headers: { ...headers, "content-type": "application/json" },
      payload: deep,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(badRequest({ extra: ["is not allowed"] }));
  });

  it("answers malformed JSON with a 400 problem", async () => {
    const response = await t.app.inject({
      method: "PUT",
      url: "/api/internal/widgets/7",
      headers: { ...headers, "content-type": "application/json" },
      payload: "{ not json",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      type: "about:blank",
      title: "Bad Request",
      status: 400,
      detail: "The request body is not valid JSON.",
      requestId: "req-1",
    });
  });

  it("answers an unsupported content type with a 415 problem", async () => {
    const response = await t.app.inject({
      method: "PUT",
      url: "/api/internal/widgets/7",
      headers: { ...headers, "content-type": "text/plain" },
      payload: "Lamp",
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({
      type: "about:blank",
      title: "Unsupported Media Type",
      status: 415,
      detail: "The request body's content type is not supported.",
      requestId: "req-1",
    });
  });

  it("checks the token before the body", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/internal/widgets",
      headers,
      payload: { colour: "red" },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe("request validation on the bundled contract", () => {
  it("validates GenerateToken's identity provider and body", async () => {
    const app = await buildTestApp();
    try {
      const response = await app.app.inject({
        method: "POST",
        url: "/api/internal/authorization/github/GenerateToken",
        headers,
        payload: { userName: "x".repeat(257), password: "p", extra: true },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(badRequest({ identityProvider: ["must be one of: local, entraId"] }));
      const body = await app.app.inject({
        method: "POST",
        url: "/api/internal/authorization/local/GenerateToken",
        headers,
        payload: { userName: "x".repeat(257), password: "p", extra: true },
      });
      expect(body.json()).toEqual(
        badRequest({ userName: ["must be at most 256 characters"], extra: ["is not allowed"] }),
      );
    } finally {
      await app.close();
    }
  });
});
