/** The product token's claims the client reads (the server verifies the signature). */
export interface ProductTokenClaims {
  sub?: string;
  name?: string;
  preferred_username?: string;
  version?: string;
  exp?: number;
}

/** The last token decoded: the auth selectors ask for the same token's claims on every store read. */
let lastDecoded: { token: string; claims: ProductTokenClaims | null } | null = null;

/** Decodes a JWT payload without verifying it; null when the token is not a JWT. The claims are shared: read only. */
export function decodeTokenClaims(token: string): ProductTokenClaims | null {
  if (lastDecoded?.token !== token) lastDecoded = { token, claims: decodePayload(token) };
  return lastDecoded.claims;
}

function decodePayload(token: string): ProductTokenClaims | null {
  const payload = token.split(".")[1];
  if (!payload) return null;
  try {
    const base64 = payload
      .replace(/-/g, "+")
      .replace(/_/g, "/")
      .padEnd(Math.ceil(payload.length / 4) * 4, "=");
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    const claims: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return typeof claims === "object" && claims !== null ? (claims as ProductTokenClaims) : null;
  } catch {
    return null;
  }
}

/** A token is usable when it decodes and, if it carries exp, has not expired. */
export function isTokenUsable(token: string | null, now: number = Date.now()): boolean {
  if (!token) return false;
  const claims = decodeTokenClaims(token);
  if (claims === null) return false;
  return typeof claims.exp !== "number" || claims.exp * 1000 > now;
}
