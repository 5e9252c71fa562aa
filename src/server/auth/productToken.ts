/**
 * The product token: an HS256 JWT issued by GenerateToken and sent as
 * `Authorization: Bearer`. It carries the version claim the client compares
 * with its own build (spec section 4, "Version check").
 */
import { randomUUID } from "node:crypto";
import { SignJWT, jwtVerify } from "jose";
import type { Config } from "../config";

/** Spec section 9: the token claim for client version 2.2512.3822. */
export const TOKEN_VERSION_CLAIM = "2.2512.3822.0";
const ISSUER = "agent-chat";
const AUDIENCE = "agent-chat";

export interface ProductTokenSubject {
  userId: string;
  userName: string;
  displayName: string;
  identityProvider: "local" | "entraId";
}

export interface ProductTokenClaims extends ProductTokenSubject {
  version: string;
  issuedAt: number;
  /** When it was signed, in milliseconds (`iat` counts seconds): a password set a moment later ends it. */
  issuedAtMs: number;
  /** The token's own id (`jti`); null for a token signed before tokens had one. */
  tokenId: string | null;
  expiresAt: number;
}

const keys = new Map<string, Uint8Array>();

function key(config: Pick<Config, "tokenSecret">): Uint8Array {
  let bytes = keys.get(config.tokenSecret);
  if (!bytes) keys.set(config.tokenSecret, (bytes = new TextEncoder().encode(config.tokenSecret)));
  return bytes;
}

/**
 * Tokens already verified, by their exact text, with the secret that verified them: a browser
 * sends the same token with every request, and an HMAC check plus the key import cost the
 * server thread more than the rest of the auth hook. An entry is used only until the token's
 * `exp`; the user behind it is still looked up on every request (disabled users get 401).
 */
const verified = new Map<string, { secret: string; claims: ProductTokenClaims }>();
/** Bounds the memory a stream of distinct tokens can take; the oldest entries go first. */
const MAX_VERIFIED_TOKENS = 10_000;

function remember(secret: string, token: string, claims: ProductTokenClaims): void {
  if (verified.size >= MAX_VERIFIED_TOKENS) verified.delete(verified.keys().next().value!);
  verified.set(token, { secret, claims });
}

export async function signProductToken(
  config: Pick<Config, "tokenSecret" | "tokenTtlSeconds">,
  subject: ProductTokenSubject,
): Promise<string> {
  const now = Date.now();
  return new SignJWT({
    name: subject.displayName,
    preferred_username: subject.userName,
    idp: subject.identityProvider,
    version: TOKEN_VERSION_CLAIM,
    iat_ms: now,
  })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setJti(randomUUID())
    .setSubject(subject.userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(Math.floor(now / 1000))
    .setExpirationTime(`${config.tokenTtlSeconds}s`)
    .sign(key(config));
}

/** Throws when the token is malformed, tampered with, expired or not ours. */
export async function verifyProductToken(
  config: Pick<Config, "tokenSecret">,
  token: string,
): Promise<ProductTokenClaims> {
  const known = verified.get(token);
  // jose's rule: a token is expired once its exp is not after the current second.
  if (known && known.secret === config.tokenSecret && known.claims.expiresAt > Math.floor(Date.now() / 1000)) return known.claims;
  if (known) verified.delete(token);
  const { payload } = await jwtVerify(token, key(config), { issuer: ISSUER, audience: AUDIENCE, algorithms: ["HS256"] });
  if (typeof payload.sub !== "string" || typeof payload.version !== "string") throw new Error("token lacks claims");
  const claims: ProductTokenClaims = {
    userId: payload.sub,
    userName: String(payload.preferred_username ?? ""),
    displayName: String(payload.name ?? ""),
    identityProvider: payload.idp === "entraId" ? "entraId" : "local",
    version: payload.version,
    issuedAt: payload.iat ?? 0,
    issuedAtMs: typeof payload.iat_ms === "number" ? payload.iat_ms : (payload.iat ?? 0) * 1000,
    tokenId: typeof payload.jti === "string" ? payload.jti : null,
    expiresAt: payload.exp ?? 0,
  };
  // Signed tokens always carry exp; one without it is verified afresh every time.
  if (payload.exp !== undefined) remember(config.tokenSecret, token, claims);
  return claims;
}
