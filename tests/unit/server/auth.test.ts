/** Local sign-in through the real app: POST /api/internal/authorization/local/GenerateToken. */
import { eq } from "drizzle-orm";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyProductToken } from "../../../src/server/auth/productToken";
import { users } from "../../../src/server/db/schema";
import { LOCKOUT_DURATION_MS, MAX_FAILED_SIGN_INS } from "../../../src/server/features/authorization/lockoutPolicy";
import { buildTestApp, type TestApp } from "../../helpers/buildTestApp";
import { createLocalUser, userRow } from "./authLocalUsers";

const GENERATE_TOKEN = "/api/internal/authorization/local/GenerateToken";
const WRONG_CREDENTIALS = {
  type: "about:blank",
  title: "Unauthorized",
  status: 401,
  detail: "The user name or password is incorrect.",
};

let t: TestApp;

beforeAll(async () => {
  // Far above what this file sends: the per-address sign-in rate limit is not under test here.
  t = await buildTestApp({ env: { SIGN_IN_RATE_LIMIT: "10000" } });
});
afterAll(() => t.close());

function signIn(body: Record<string, unknown>) {
  return t.app.inject({ method: "POST", url: GENERATE_TOKEN, payload: body });
}

function withoutRequestId(body: Record<string, unknown>): Record<string, unknown> {
  const { requestId, ...rest } = body;
  expect(typeof requestId).toBe("string");
  return rest;
}

async function setLockedUntil(userId: string, lockedUntil: Date | null): Promise<void> {
  await t.deps.database.db.update(users).set({ lockedUntil }).where(eq(users.userId, userId));
}

describe("local sign-in", () => {
  it("answers a product token for the right user name and password", async () => {
    const alice = await createLocalUser(t, {
      userName: "alice",
      displayName: "Alice Liddell",
      password: "wonderland-42",
    });
    const before = Math.floor(Date.now() / 1000);

    const response = await signIn({ userName: "alice", password: "wonderland-42" });

    expect(response.statusCode).toBe(200);
    const body = response.json<{ n1AIToken: string }>();
    expect(Object.keys(body)).toEqual(["n1AIToken"]);
    const claims = await verifyProductToken(t.deps.config, body.n1AIToken);
    expect(claims).toMatchObject({
      userId: alice.userId,
      userName: "alice",
      displayName: "Alice Liddell",
      identityProvider: "local",
    });
    const raw = decodeJwt(body.n1AIToken);
    expect(raw.version).toBe("2.2512.3822.0");
    expect(raw.sub).toBe(alice.userId);
    expect(raw.iat).toBeGreaterThanOrEqual(before);
    expect(raw.exp! - raw.iat!).toBe(t.deps.config.tokenTtlSeconds);
    expect(Math.abs(raw.exp! - (before + t.deps.config.tokenTtlSeconds))).toBeLessThanOrEqual(5);

    const details = await t.app.inject({
      method: "GET",
      url: "/api/internal/CurrentUser/details",
      headers: { authorization: `Bearer ${body.n1AIToken}` },
    });
    expect(details.statusCode).toBe(200);
    expect(details.json()).toMatchObject({ userId: alice.userId, userName: "alice", identityProvider: "local" });
    expect((await userRow(t, alice.userId)).lastSignInAt).toBeInstanceOf(Date);
  });

  it("matches the user name regardless of case and surrounding spaces", async () => {
    const bob = await createLocalUser(t, { userName: "Bob.Builder", password: "can-we-fix-it" });
    const response = await signIn({ userName: "  bob.BUILDER ", password: "can-we-fix-it" });
    expect(response.statusCode).toBe(200);
    expect(decodeJwt(response.json<{ n1AIToken: string }>().n1AIToken).sub).toBe(bob.userId);
  });

  it("answers a wrong password, an unknown user and a disabled user identically", async () => {
    await createLocalUser(t, { userName: "carol", password: "right-password" });
    await createLocalUser(t, { userName: "dave", password: "right-password", isDisabled: true });

    const wrongPassword = await signIn({ userName: "carol", password: "wrong-password" });
    const unknownUser = await signIn({ userName: "nobody-here", password: "right-password" });
    const disabledUser = await signIn({ userName: "dave", password: "right-password" });

    for (const response of [wrongPassword, unknownUser, disabledUser]) {
      expect(response.statusCode).toBe(401);
      expect(response.headers["content-type"]).toMatch(/^application\/problem\+json/);
      expect(response.headers["retry-after"]).toBeUndefined();
      expect(withoutRequestId(response.json())).toEqual(WRONG_CREDENTIALS);
    }
  });

  it("spends a password check on unknown users too, so timing does not reveal user names", async () => {
    await createLocalUser(t, { userName: "erin", password: "right-password" });
    // The fastest of a few answers: a busy machine only ever adds time, never removes the password check's.
    const fastest = async (body: Record<string, unknown>) => {
      let best = Infinity;
      for (let i = 0; i < 3; i++) {
        const started = performance.now();
        expect((await signIn(body)).statusCode).toBe(401);
        best = Math.min(best, performance.now() - started);
      }
      return best;
    };
    const knownUser = await fastest({ userName: "erin", password: "wrong" });
    const unknownUser = await fastest({ userName: "no-such-erin", password: "wrong" });
    // Without the dummy hash an unknown user answers in a few milliseconds against scrypt's tens.
    expect(unknownUser).toBeGreaterThan(knownUser * 0.3);
  });

  it("requires both fields, naming each missing one", async () => {
    const empty = await signIn({});
    expect(empty.statusCode).toBe(400);
    expect(withoutRequestId(empty.json())).toEqual({
      type: "about:blank",
      title: "Bad Request",
      status: 400,
      detail: "The request is not valid.",
      errors: { userName: ["is required"], password: ["is required"] },
    });

    const blank = await signIn({ userName: "   ", password: "" });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors).toEqual({ userName: ["is required"], password: ["is required"] });

    const noPassword = await signIn({ userName: "alice" });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().errors).toEqual({ password: ["is required"] });
  });
});

describe("lockout", () => {
  it(`locks the account for 15 minutes after ${MAX_FAILED_SIGN_INS} consecutive failures, even for the right password`, async () => {
    const frank = await createLocalUser(t, { userName: "frank", password: "right-password" });
    for (let attempt = 1; attempt < MAX_FAILED_SIGN_INS; attempt++) {
      expect((await signIn({ userName: "frank", password: `guess-${attempt}` })).statusCode).toBe(401);
    }
    expect((await userRow(t, frank.userId)).failedSignInCount).toBe(MAX_FAILED_SIGN_INS - 1);

    const locking = await signIn({ userName: "frank", password: "last-guess" });
    expect(locking.statusCode).toBe(429);
    expect(Number(locking.headers["retry-after"])).toBe(LOCKOUT_DURATION_MS / 1000);
    expect(withoutRequestId(locking.json())).toEqual({
      type: "about:blank",
      title: "Too Many Requests",
      status: 429,
      detail: "Too many failed sign-in attempts. Try again in 15 minutes.",
    });
    const lockedUntil = (await userRow(t, frank.userId)).lockedUntil!;
    expect(Math.abs(lockedUntil.getTime() - (Date.now() + LOCKOUT_DURATION_MS))).toBeLessThan(5_000);

    const rightPassword = await signIn({ userName: "frank", password: "right-password" });
    expect(rightPassword.statusCode).toBe(429);
    expect(Number(rightPassword.headers["retry-after"])).toBeGreaterThan(LOCKOUT_DURATION_MS / 1000 - 5);

    await setLockedUntil(frank.userId, new Date(Date.now() + 61_000));
    const almostOver = await signIn({ userName: "FRANK", password: "right-password" });
    expect(almostOver.statusCode).toBe(429);
    expect(Number(almostOver.headers["retry-after"])).toBeGreaterThanOrEqual(59);
    expect(Number(almostOver.headers["retry-after"])).toBeLessThanOrEqual(61);
    expect(almostOver.json().detail).toBe("Too many failed sign-in attempts. Try again in 2 minutes.");

    await setLockedUntil(frank.userId, new Date(Date.now() - 1_000));
    expect((await signIn({ userName: "frank", password: "right-password" })).statusCode).toBe(200);
    const after = await userRow(t, frank.userId);
    expect(after).toMatchObject({ failedSignInCount: 0, lockedUntil: null });
  });

  it("gives the full number of attempts again once a lock has expired", async () => {
    const grace = await createLocalUser(t, { userName: "grace", password: "right-password" });
    for (let attempt = 1; attempt <= MAX_FAILED_SIGN_INS; attempt++)
      await signIn({ userName: "grace", password: "wrong" });
    await setLockedUntil(grace.userId, new Date(Date.now() - 1_000));

    for (let attempt = 1; attempt < MAX_FAILED_SIGN_INS; attempt++) {
      expect((await signIn({ userName: "grace", password: "wrong" })).statusCode).toBe(401);
    }
    expect((await signIn({ userName: "grace", password: "wrong" })).statusCode).toBe(429);
  });

  it("counts only consecutive failures: a successful sign-in resets the count", async () => {
    const heidi = await createLocalUser(t, { userName: "heidi", password: "right-password" });
    for (let attempt = 1; attempt < MAX_FAILED_SIGN_INS; attempt++)
      await signIn({ userName: "heidi", password: "wrong" });
    expect((await signIn({ userName: "heidi", password: "right-password" })).statusCode).toBe(200);
    expect((await userRow(t, heidi.userId)).failedSignInCount).toBe(0);

    for (let attempt = 1; attempt < MAX_FAILED_SIGN_INS; attempt++) {
      expect((await signIn({ userName: "heidi", password: "wrong" })).statusCode).toBe(401);
    }
    expect((await signIn({ userName: "heidi", password: "right-password" })).statusCode).toBe(200);
  });

  it("counts concurrent failures without losing any", async () => {
    const ivan = await createLocalUser(t, { userName: "ivan", password: "right-password" });
    const responses = await Promise.all(
      Array.from({ length: MAX_FAILED_SIGN_INS }, (_, i) => signIn({ userName: "ivan", password: `parallel-${i}` })),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([...Array(MAX_FAILED_SIGN_INS - 1).fill(401), 429]);
    expect((await userRow(t, ivan.userId)).lockedUntil).not.toBeNull();
  });

  it("never locks out unknown user names (there is no account to lock)", async () => {
    for (let attempt = 1; attempt <= MAX_FAILED_SIGN_INS + 1; attempt++) {
      expect((await signIn({ userName: "ghost", password: "wrong" })).statusCode).toBe(401);
    }
  });
});
