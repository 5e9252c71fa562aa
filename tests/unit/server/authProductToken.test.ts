/** The product token GenerateToken issues is the only key to the API: forged, expired or orphaned ones get 401. */
import { eq } from "drizzle-orm";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signProductToken, TOKEN_VERSION_CLAIM } from "../../../src/server/auth/productToken";
import { users } from "../../../src/server/db/schema";
import { buildTestApp, type TestApp, type TestUser } from "../../helpers/buildTestApp";
import { createLocalUser } from "./authLocalUsers";

const CURRENT_USER = "/api/internal/CurrentUser/details";

let t: TestApp;
let user: TestUser;
let token: string;

beforeAll(async () => {
  t = await buildTestApp({ env: { SIGN_IN_RATE_LIMIT: "10000" } });
  user = await createLocalUser(t, { userName: "token-holder", password: "token-password" });
  const response = await t.app.inject({
    method: "POST",
    url: "/api/internal/authorization/local/GenerateToken",
    payload: { userName: "token-holder", password: "token-password" },
  });
  token = response.json<{ n1AIToken: string }>().n1AIToken;
});
afterAll(() => t.close());

function currentUser(bearer: string) {
  return t.app.inject({ method: "GET", url: CURRENT_USER, headers: { authorization: `Bearer ${bearer}` } });
}

function expectUnauthorized(response: Awaited<ReturnType<typeof currentUser>>): void {
  expect(response.statusCode).toBe(401);
  expect(response.headers["content-type"]).toMatch(/^application\/problem\+json/);
  expect(response.json()).toMatchObject({ status: 401, title: "Unauthorized" });
}

/** Flips one character in the middle of the signature (the last one may only carry padding bits). */
function tamperSignature(jwt: string): string {
  const [header, payload, signature] = jwt.split(".") as [string, string, string];
  const at = Math.floor(signature.length / 2);
  const flipped = signature[at] === "A" ? "B" : "A";
  return `${header}.${payload}.${signature.slice(0, at)}${flipped}${signature.slice(at + 1)}`;
}

describe("product token", () => {
  it("opens the API when issued by GenerateToken", async () => {
    const response = await currentUser(token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ userId: user.userId, userName: "token-holder" });
  });

  it("is refused with a tampered signature", async () => {
    expectUnauthorized(await currentUser(tamperSignature(token)));
  });

  it("is refused with a tampered payload (the holder claiming to be the administrator)", async () => {
    const [admin] = await t.deps.database.db
      .select()
      .from(users)
      .where(eq(users.userName, t.deps.config.adminUserName));
    const [header, payload, signature] = token.split(".") as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as Record<string, unknown>;
    const escalated = Buffer.from(JSON.stringify({ ...claims, sub: admin!.userId })).toString("base64url");
    expectUnauthorized(await currentUser(`${header}.${escalated}.${signature}`));
  });

  it("is refused when signed with another secret", async () => {
    const forged = await signProductToken(
      { tokenSecret: "another-secret-that-is-long-enough-for-hs256", tokenTtlSeconds: 3600 },
      { userId: user.userId, userName: user.userName, displayName: user.displayName, identityProvider: "local" },
    );
    expectUnauthorized(await currentUser(forged));
  });

  it("is refused unsigned (alg none)", async () => {
    const encode = (part: object) => Buffer.from(JSON.stringify(part)).toString("base64url");
    const now = Math.floor(Date.now() / 1000);
    const unsigned = `${encode({ alg: "none", typ: "JWT" })}.${encode({
      sub: user.userId,
      iss: "agent-chat",
      aud: "agent-chat",
      version: TOKEN_VERSION_CLAIM,
      iat: now,
      exp: now + 3600,
    })}.`;
    expectUnauthorized(await currentUser(unsigned));
  });

  it("is refused once expired", async () => {
    const expired = await new SignJWT({ version: TOKEN_VERSION_CLAIM, idp: "local" })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setSubject(user.userId)
      .setIssuer("agent-chat")
      .setAudience("agent-chat")
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(new TextEncoder().encode(t.deps.config.tokenSecret));
    expectUnauthorized(await currentUser(expired));

    const zeroLifetime = await signProductToken(
      { ...t.deps.config, tokenTtlSeconds: 0 },
      {
        userId: user.userId,
        userName: user.userName,
        displayName: user.displayName,
        identityProvider: "local",
      },
    );
    expectUnauthorized(await currentUser(zeroLifetime));
  });

  it("is refused once its user is disabled or deleted", async () => {
    const doomed = await createLocalUser(t, { userName: "doomed", password: "doomed-password" });
    const doomedToken = await t.tokenFor(doomed);
    expect((await currentUser(doomedToken)).statusCode).toBe(200);

    const db = t.deps.database.db;
    await db.update(users).set({ isDisabled: true }).where(eq(users.userId, doomed.userId));
    expectUnauthorized(await currentUser(doomedToken));

    await db.delete(users).where(eq(users.userId, doomed.userId));
    expectUnauthorized(await currentUser(doomedToken));
  });
});
