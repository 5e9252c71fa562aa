/**
 * The product token: an HS256 JWT issued by GenerateToken and sent as
 * `Authorization: Bearer`. It carries the version claim the client compares
 * with its own build (spec section 4, "Version check").
 */
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
  expiresAt: number;
}

function key(config: Pick<Config, "tokenSecret">): Uint8Array {
  return new TextEncoder().encode(config.tokenSecret);
}

export async function signProductToken(
  config: Pick<Config, "tokenSecret" | "tokenTtlSeconds">,
  subject: ProductTokenSubject,
): Promise<string> {
  return new SignJWT({
    name: subject.displayName,
    preferred_username: subject.userName,
    idp: subject.identityProvider,
    version: TOKEN_VERSION_CLAIM,
  })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(subject.userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${config.tokenTtlSeconds}s`)
    .sign(key(config));
}

/** Throws when the token is malformed, tampered with, expired or not ours. */
export async function verifyProductToken(
  config: Pick<Config, "tokenSecret">,
  token: string,
): Promise<ProductTokenClaims> {
  const { payload } = await jwtVerify(token, key(config), { issuer: ISSUER, audience: AUDIENCE, algorithms: ["HS256"] });
  if (typeof payload.sub !== "string" || typeof payload.version !== "string") throw new Error("token lacks claims");
  return {
    userId: payload.sub,
    userName: String(payload.preferred_username ?? ""),
    displayName: String(payload.name ?? ""),
    identityProvider: payload.idp === "entraId" ? "entraId" : "local",
    version: payload.version,
    issuedAt: payload.iat ?? 0,
    expiresAt: payload.exp ?? 0,
  };
}
