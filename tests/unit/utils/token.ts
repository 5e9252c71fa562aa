import { TOKEN_VERSION_CLAIM } from "../../../src/app/version";

const base64Url = (value: string) =>
  Buffer.from(value, "utf8").toString("base64").replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

/** An unsigned product token with the given claims (the client never verifies signatures). */
export function makeToken(claims: Record<string, unknown> = {}): string {
  const payload = {
    sub: "00000000-0000-4000-8000-000000000001",
    name: "Ada Lovelace",
    preferred_username: "ada",
    version: TOKEN_VERSION_CLAIM,
    exp: Math.floor(Date.now() / 1000) + 3600,
    ...claims,
  };
  return `${base64Url(JSON.stringify({ alg: "HS256", typ: "JWT" }))}.${base64Url(JSON.stringify(payload))}.signature`;
}
