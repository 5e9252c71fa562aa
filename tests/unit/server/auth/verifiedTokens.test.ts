/** Verified product tokens are remembered by their text, but never past their exp nor across secrets. */
import { afterEach, describe, expect, it, vi } from "vitest";
import { signProductToken, verifyProductToken } from "../../../../src/server/auth/productToken";

const SECRET = "a-secret-that-is-long-enough-for-hs256-tokens";
const subject = { userId: "8f0b5a8e-4c55-4f6b-9a57-3a2f2c1f0e01", userName: "cached", displayName: "Cached", identityProvider: "local" as const };

afterEach(() => {
  vi.useRealTimers();
});

describe("verifyProductToken's memory of verified tokens", () => {
  it("answers a token again with the same claims, and refuses it once it has expired", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-01-01T00:00:00Z"));
    const token = await signProductToken({ tokenSecret: SECRET, tokenTtlSeconds: 60 }, subject);
    const first = await verifyProductToken({ tokenSecret: SECRET }, token);
    expect(first).toMatchObject({ userId: subject.userId, userName: "cached", identityProvider: "local" });
    vi.setSystemTime(new Date("2026-01-01T00:00:59Z"));
    expect(await verifyProductToken({ tokenSecret: SECRET }, token)).toEqual(first);
    vi.setSystemTime(new Date("2026-01-01T00:01:00Z"));
    await expect(verifyProductToken({ tokenSecret: SECRET }, token)).rejects.toThrow(/exp/);
  });

  it("does not let a token verified under one secret pass under another", async () => {
    const token = await signProductToken({ tokenSecret: SECRET, tokenTtlSeconds: 60 }, subject);
    await verifyProductToken({ tokenSecret: SECRET }, token);
    await expect(verifyProductToken({ tokenSecret: `${SECRET}-rotated` }, token)).rejects.toThrow(/signature/);
  });
});
