/** PUBLIC_CHAT_FRAME_ANCESTORS: only the public chat page may be framed, and only by the configured origins. */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../../../src/server/config";
import { buildTestApp, type TestApp } from "../../../helpers/buildTestApp";

const CSP_BEFORE =
  "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data: blob:;font-src 'self' data:;" +
  "connect-src 'self' https://login.microsoftonline.com;frame-src 'self' https://login.microsoftonline.com;";
const CSP_AFTER = ";object-src 'none';base-uri 'self';form-action 'self'";
const csp = (frameAncestors: string) => `${CSP_BEFORE}frame-ancestors ${frameAncestors}${CSP_AFTER}`;

let staticDir: string;
let closed: TestApp;
let embeddable: TestApp;

beforeAll(async () => {
  staticDir = mkdtempSync(join(tmpdir(), "agent-chat-framing-"));
  writeFileSync(join(staticDir, "index.html"), "<!doctype html><title>Agent Chat</title><div id=root></div>");
  closed = await buildTestApp({ env: { STATIC_DIR: staticDir } });
  embeddable = await buildTestApp({
    env: {
      STATIC_DIR: staticDir,
      PUBLIC_CHAT_FRAME_ANCESTORS: " https://www.example.com  https://*.partner.example:8443 ",
    },
  });
});
afterAll(async () => {
  await closed.close();
  await embeddable.close();
  rmSync(staticDir, { recursive: true, force: true });
});

const get = (t: TestApp, url: string) => t.app.inject({ method: "GET", url });

describe("frame-ancestors", () => {
  it("keeps every page, the public chat included, unframeable by default", async () => {
    for (const url of ["/public-chat/help-desk", "/public-chat/help-desk/true", "/chat", "/"]) {
      const response = await get(closed, url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["content-security-policy"], url).toBe(csp("'none'"));
      expect(response.headers["x-frame-options"], url).toBe("SAMEORIGIN");
    }
  });

  it("lets the configured origins frame the public chat page, and only that page", async () => {
    for (const url of ["/public-chat/help-desk", "/public-chat/help-desk/true", "/public-chat/help-desk?lang=fr"]) {
      const response = await get(embeddable, url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["content-security-policy"], url).toBe(
        csp("https://www.example.com https://*.partner.example:8443"),
      );
      expect(response.headers["x-frame-options"], url).toBeUndefined();
    }
    for (const url of [
      "/",
      "/chat",
      "/chat/agents",
      "/admin",
      "/public-chat",
      "/public-chat/a/b/c",
      "/auth/jwt/login",
    ]) {
      const response = await get(embeddable, url);
      expect(response.headers["content-security-policy"], url).toBe(csp("'none'"));
      expect(response.headers["x-frame-options"], url).toBe("SAMEORIGIN");
    }
    const api = await get(embeddable, "/api/internal/InstanceSettings");
    expect(api.headers["content-security-policy"]).toBe(csp("'none'"));
  });

  it("reads the variable as space-separated origins and refuses anything that could add a directive", () => {
    const env = { TOKEN_SECRET: "s", ENCRYPTION_KEY: "k" };
    expect(loadConfig(env).publicChatFrameAncestors).toEqual([]);
    expect(
      loadConfig({ ...env, PUBLIC_CHAT_FRAME_ANCESTORS: "'self' https://a.example http://localhost:3000" })
        .publicChatFrameAncestors,
    ).toEqual(["'self'", "https://a.example", "http://localhost:3000"]);
    for (const bad of [
      "https://a.example;script-src",
      "a.example",
      "https://a.example/path",
      "'none'",
      "https://a.example,https://b.example",
    ])
      expect(() => loadConfig({ ...env, PUBLIC_CHAT_FRAME_ANCESTORS: bad }), bad).toThrow(
        `PUBLIC_CHAT_FRAME_ANCESTORS takes space-separated origins such as https://example.com, 'self' or *; got "${bad}"`,
      );
  });
});
