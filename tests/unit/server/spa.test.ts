import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { gunzipSync, gzipSync } from "node:zlib";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../helpers/buildTestApp";

const INDEX = "<!doctype html><title>Agent Chat</title><div id=root></div>";
let staticDir: string;
let t: TestApp;

beforeAll(async () => {
  staticDir = mkdtempSync(join(tmpdir(), "agent-chat-spa-"));
  mkdirSync(join(staticDir, "assets"));
  writeFileSync(join(staticDir, "index.html"), INDEX);
  writeFileSync(join(staticDir, "assets", "index-abc123.js"), "console.log('app')");
  // The build writes compressed copies next to its assets (vite.config.ts precompressAssets).
  writeFileSync(join(staticDir, "assets", "index-abc123.js.gz"), gzipSync("console.log('app')"));
  writeFileSync(join(staticDir, "robots.txt"), "User-agent: *\n");
  t = await buildTestApp({ env: { STATIC_DIR: staticDir } });
});
afterAll(async () => {
  await t.close();
  rmSync(staticDir, { recursive: true, force: true });
});

function expectIndex(response: { statusCode: number; body: string; headers: Record<string, unknown> }) {
  expect(response.statusCode).toBe(200);
  expect(response.body).toBe(INDEX);
  expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
  expect(response.headers["cache-control"]).toBe("no-cache");
}

describe("the built front end", () => {
  it("serves index.html at / without caching and with the CSP", async () => {
    const response = await t.app.inject({ method: "GET", url: "/" });
    expectIndex(response);
    expect(response.headers["content-security-policy"]).toBe(
      "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data: blob:;font-src 'self' data:;" +
        "connect-src 'self' https://login.microsoftonline.com;frame-src 'self' https://login.microsoftonline.com;" +
        "frame-ancestors 'none';object-src 'none';base-uri 'self';form-action 'self'",
    );
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("falls back to index.html for client routes", async () => {
    expectIndex(await t.app.inject({ method: "GET", url: "/chat/123?tab=x" }));
    expectIndex(await t.app.inject({ method: "GET", url: "/admin/brands" }));
  });

  it("serves hashed assets with a year-long immutable cache", async () => {
    const response = await t.app.inject({ method: "GET", url: "/assets/index-abc123.js" });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe("console.log('app')");
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("sends an asset's gzip copy to a browser that accepts gzip, with the same caching", async () => {
    const response = await t.app.inject({
      method: "GET",
      url: "/assets/index-abc123.js",
      headers: { "accept-encoding": "gzip, deflate" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBe("gzip");
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(gunzipSync(response.rawPayload).toString()).toBe("console.log('app')");
  });

  it("serves other files as they are, revalidated", async () => {
    const response = await t.app.inject({ method: "GET", url: "/robots.txt" });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe("User-agent: *\n");
    expect(response.headers["cache-control"]).toBe("no-cache");
  });

  it.each([
    "/api/internal/unknown",
    "/api",
    "/healthz/x",
    "/readyz/x",
    "/generatedImages/a.png",
    "/assets/gone-123.js",
  ])("answers %s with a 404 problem instead of the page", async (url) => {
    const response = await t.app.inject({ method: "GET", url, headers: { "x-request-id": "spa-1" } });
    expect(response.statusCode).toBe(404);
    expect(response.headers["content-type"]).toBe("application/problem+json; charset=utf-8");
    expect(response.json()).toEqual({
      type: "about:blank",
      title: "Not Found",
      status: 404,
      detail: "There is nothing at this address.",
      requestId: "spa-1",
    });
  });

  it("does not fall back for other methods", async () => {
    const response = await t.app.inject({ method: "POST", url: "/chat", payload: {} });
    expect(response.statusCode).toBe(404);
    expect(response.json().title).toBe("Not Found");
  });
});

describe("without a built front end", () => {
  it("answers every unknown path with a 404 problem", async () => {
    const bare = await buildTestApp();
    try {
      for (const url of ["/", "/chat", "/api/internal/unknown"]) {
        const response = await bare.app.inject({ method: "GET", url });
        expect(response.statusCode).toBe(404);
        expect(response.headers["content-type"]).toBe("application/problem+json; charset=utf-8");
      }
    } finally {
      await bare.close();
    }
  });
});
