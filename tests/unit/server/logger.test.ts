import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../../src/server/app";
import { createLogger } from "../../../src/server/http/logger";
import { buildTestApp, type TestApp } from "../../helpers/buildTestApp";

function capture() {
  const lines: Record<string, unknown>[] = [];
  return { lines, stream: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) } };
}

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe("the server log", () => {
  it("logs every request with its request id and never the token or the body", async () => {
    const { lines, stream } = capture();
    const app = await buildApp({ ...t.deps, log: createLogger("info", stream) });
    try {
      const token = await t.tokenFor("admin");
      await app.inject({
        method: "POST",
        url: "/api/internal/authorization/local/GenerateToken",
        headers: { authorization: `Bearer ${token}`, "x-request-id": "log-1" },
        payload: { userName: "admin", password: "the-password" },
      });
      const text = JSON.stringify(lines);
      expect(text).not.toContain(token);
      expect(text).not.toContain("the-password");
      const incoming = lines.find((l) => l.msg === "incoming request");
      expect(incoming).toMatchObject({
        requestId: "log-1",
        req: { method: "POST", url: "/api/internal/authorization/local/GenerateToken" },
      });
      expect(lines.find((l) => l.msg === "request completed")).toMatchObject({ requestId: "log-1" });
    } finally {
      await app.close();
    }
  });

  it("redacts authorization headers and bodies when something logs them anyway", () => {
    const { lines, stream } = capture();
    createLogger("info", stream).info(
      { req: { headers: { authorization: "Bearer abc", cookie: "c=1" }, body: { password: "p" } } },
      "x",
    );
    expect(lines[0]).toMatchObject({
      req: { headers: { authorization: "[redacted]", cookie: "[redacted]" }, body: "[redacted]" },
    });
  });
});
