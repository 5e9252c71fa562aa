/**
 * A visitor's session identifier: `<gptSystemId>.<random>.<mac>`, issued by the server and bound to
 * one public agent. The HMAC (keyed with the product-token secret) makes identifiers unforgeable
 * without a table of sessions; the random part makes each one unguessable. Conversations store only
 * the identifier's SHA-256, so a database dump does not hand out visitors' sessions.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Config } from "../../config";
import { problem } from "../../http/problem";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function mac(config: Pick<Config, "tokenSecret">, payload: string): Buffer {
  // A distinct label keeps these MACs from ever being valid anywhere else the secret is used.
  return createHmac("sha256", config.tokenSecret).update(`public-chat-session:${payload}`).digest();
}

export function issueSessionIdentifier(config: Pick<Config, "tokenSecret">, gptSystemId: string): string {
  const payload = `${gptSystemId}.${randomBytes(24).toString("base64url")}`;
  return `${payload}.${mac(config, payload).toString("base64url")}`;
}

export interface VisitorSession {
  /** The agent the session was issued for. */
  gptSystemId: string;
  /** What conversations store to name their session. */
  sessionHash: string;
}

/** The session the identifier names; 404 for anything not issued by this server (never a hint why). */
export function verifySessionIdentifier(config: Pick<Config, "tokenSecret">, sessionIdentifier: string): VisitorSession {
  const parts = sessionIdentifier.split(".");
  const [gptSystemId, random, signature] = parts;
  if (parts.length === 3 && gptSystemId && random && signature && UUID.test(gptSystemId)) {
    const expected = mac(config, `${gptSystemId}.${random}`);
    const given = Buffer.from(signature, "base64url");
    if (given.length === expected.length && timingSafeEqual(given, expected))
      return { gptSystemId, sessionHash: createHash("sha256").update(sessionIdentifier).digest("hex") };
  }
  throw problem(404, "Not Found", "No such public chat session.");
}
