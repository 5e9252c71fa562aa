import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../helpers/buildTestApp";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe("X-Request-ID", () => {
  it("echoes a sane incoming value on a success and in problem bodies", async () => {
    const ok = await t.app.inject({
      method: "GET",
      url: "/api/internal/buildInfo",
      headers: { "x-request-id": "abc.DEF_1-2" },
    });
    expect(ok.headers["x-request-id"]).toBe("abc.DEF_1-2");
    const unauthorized = await t.app.inject({
      method: "GET",
      url: "/api/internal/CurrentUser/details",
      headers: { "x-request-id": "abc-2" },
    });
    expect(unauthorized.statusCode).toBe(401);
    expect(unauthorized.headers["x-request-id"]).toBe("abc-2");
    expect(unauthorized.json().requestId).toBe("abc-2");
  });

  it("generates a UUID when none is sent", async () => {
    const response = await t.app.inject({ method: "GET", url: "/healthz" });
    expect(response.headers["x-request-id"]).toMatch(UUID);
  });

  it.each([
    ["too long", "a".repeat(129)],
    ["with spaces", "two words"],
    ["with a line break", "a\\nforged log line"],
    ["with slashes", "../etc"],
  ])("replaces a value %s by a UUID", async (_case, value) => {
    const response = await t.app.inject({
      method: "GET",
      url: "/api/internal/nothing",
      headers: { "x-request-id": value },
    });
    expect(response.statusCode).toBe(404);
    const id = response.headers["x-request-id"];
    expect(id).toMatch(UUID);
    expect(response.json().requestId).toBe(id);
  });

  it("accepts exactly 128 characters", async () => {
    const value = "b".repeat(128);
    const response = await t.app.inject({ method: "GET", url: "/healthz", headers: { "x-request-id": value } });
    expect(response.headers["x-request-id"]).toBe(value);
  });
});
