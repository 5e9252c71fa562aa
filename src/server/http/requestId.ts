/** X-Request-ID: accepted from the client when sane, generated otherwise; echoed on every response and logged. */
import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";

export const REQUEST_ID_HEADER = "X-Request-ID";

// Anything longer or stranger could forge log lines or bloat them.
const SANE_REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

/** Fastify's `genReqId`. */
export function requestIdFor(request: IncomingMessage): string {
  const incoming = request.headers["x-request-id"];
  return typeof incoming === "string" && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}
