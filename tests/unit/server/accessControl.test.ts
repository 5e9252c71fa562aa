import { SignJWT } from "jose";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signProductToken } from "../../../src/server/auth/productToken";
import { users } from "../../../src/server/db/schema";
import type { AuthenticatedUser } from "../../../src/server/http/types";
import { buildTestApp, type TestApp } from "../../helpers/buildTestApp";
import { syntheticContract } from "../../helpers/syntheticContract";

let seenUser: AuthenticatedUser | null | undefined;
let t: TestApp;
let synthetic: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    handlers: {
      async getBuildInfo(_request, _reply, ctx) {
        seenUser = ctx.user;
        return { version: "v", buildId: "b", commitHash: "c", timestamp: "2025-01-01T00:00:00.000Z" };
      },
    },
  });
  synthetic = await buildTestApp({
    contract: syntheticContract,
    handlers: {
      updateWidget: async () => ({ widgetId: 1, name: "w" }),
      createWidget: async () => ({ widgetId: 2, name: "w" }),
    },
  });
});
afterAll(async () => {
  await t.close();
  await synthetic.close();
});

const DETAILS = "/api/internal/CurrentUser/details";

function unauthorizedBody(requestId: string) {
  return {
    type: "about:blank",
    title: "Unauthorized",
    status: 401,
    detail: "A valid product token is required.",
    requestId,
  };
}

async function details(authorization?: string) {
  const headers: Record<string, string> = { "x-request-id": "auth-1" };
  if (authorization !== undefined) headers.authorization = authorization;
  return t.app.inject({ method: "GET", url: DETAILS, headers });
}

describe("the auth hook on operations that need a token", () => {
  it("answers 401 problem+json with WWW-Authenticate when no token is sent", async () => {
    const response = await details();
    expect(response.statusCode).toBe(401);
    expect(response.headers["content-type"]).toBe("application/problem+json; charset=utf-8");
    expect(response.headers["www-authenticate"]).toBe('Bearer realm="api"');
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.json()).toEqual(unauthorizedBody("auth-1"));
  });

  it.each([
    ["a different scheme", "Basic YWRtaW46YWRtaW4="],
    ["a bare token", "abc.def.ghi"],
    ["a malformed token", "Bearer not-a-jwt"],
  ])("answers 401 for %s", async (_case, header) => {
    const response = await details(header);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(unauthorizedBody("auth-1"));
  });

  it("answers 401 for a token signed with another key", async () => {
    const admin = await t.tokenFor("admin");
    const forged = await signProductToken(
      { tokenSecret: "another-secret", tokenTtlSeconds: 60 },
      {
        userId: JSON.parse(Buffer.from(admin.split(".")[1]!, "base64url").toString()).sub,
        userName: "admin",
        displayName: "Administrator",
        identityProvider: "local",
      },
    );
    expect((await details(`Bearer ${forged}`)).statusCode).toBe(401);
  });

  it("answers 401 for an expired token", async () => {
    const user = await t.createUser({ userName: "expired-user" });
    const key = new TextEncoder().encode(t.deps.config.tokenSecret);
    const expired = await new SignJWT({ version: "2.2512.3822.0", preferred_username: user.userName })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(user.userId)
      .setIssuer("agent-chat")
      .setAudience("agent-chat")
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(key);
    expect((await details(`Bearer ${expired}`)).statusCode).toBe(401);
  });

  it("answers 401 for a user who no longer exists or is disabled", async () => {
    const gone = await t.createUser({ userName: "gone-user" });
    const goneToken = await t.tokenFor(gone);
    await t.deps.database.db.delete(users).where(eq(users.userId, gone.userId));
    expect((await details(`Bearer ${goneToken}`)).statusCode).toBe(401);

    const disabled = await t.createUser({ userName: "disabled-user", isDisabled: true });
    expect((await details(`Bearer ${await t.tokenFor(disabled)}`)).statusCode).toBe(401);
  });

  it("accepts the Bearer scheme in any case", async () => {
    const response = await details(`bearer ${await t.tokenFor("admin")}`);
    expect(response.statusCode).toBe(200);
  });

  it("lets any signed-in user through when x-actions is empty", async () => {
    const nobody = await t.createUser({ userName: "no-roles" });
    const response = await details(`Bearer ${await t.tokenFor(nobody)}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().userName).toBe("no-roles");
  });
});

describe("x-actions", () => {
  it("answers 403 naming the needed actions when the user holds none of them", async () => {
    const reader = await synthetic.createUser({ userName: "brand-reader", actions: ["BrandsRead"] });
    const response = await synthetic.app.inject({
      method: "POST",
      url: "/api/internal/widgets",
      headers: { authorization: `Bearer ${await synthetic.tokenFor(reader)}`, "x-request-id": "auth-2" },
      payload: { name: "w", alignment: "Left" },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      type: "about:blank",
      title: "Forbidden",
      status: 403,
      detail: "This operation requires one of these actions: BrandsCreate.",
      requestId: "auth-2",
      requiredActions: ["BrandsCreate"],
    });
  });

  it("lets a user holding one of the actions through, through any of their roles", async () => {
    const maker = await synthetic.createUser({ userName: "brand-maker", roles: ["user"], actions: ["BrandsCreate"] });
    const response = await synthetic.app.inject({
      method: "POST",
      url: "/api/internal/widgets",
      headers: { authorization: `Bearer ${await synthetic.tokenFor(maker)}` },
      payload: { name: "w", alignment: "Left" },
    });
    expect(response.statusCode).toBe(200);
  });
});

describe("public operations", () => {
  it("run without a token, with no user", async () => {
    seenUser = undefined;
    const response = await t.app.inject({ method: "GET", url: "/api/internal/buildInfo" });
    expect(response.statusCode).toBe(200);
    expect(seenUser).toBeNull();
  });

  it("ignore an invalid token instead of refusing", async () => {
    seenUser = undefined;
    const response = await t.app.inject({
      method: "GET",
      url: "/api/internal/buildInfo",
      headers: { authorization: "Bearer nonsense" },
    });
    expect(response.statusCode).toBe(200);
    expect(seenUser).toBeNull();
  });

  it("resolve the user and their actions when a valid token is sent", async () => {
    const user = await t.createUser({ userName: "public-caller", roles: ["user"] });
    seenUser = undefined;
    await t.app.inject({
      method: "GET",
      url: "/api/internal/buildInfo",
      headers: { authorization: `Bearer ${await t.tokenFor(user)}` },
    });
    expect(seenUser).toEqual({
      userId: user.userId,
      userName: "public-caller",
      displayName: "public-caller",
      identityProvider: "local",
      tokenId: expect.any(String),
      actions: new Set(["GptSystemsRead"]),
    });
  });
});
