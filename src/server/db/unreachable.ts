/**
 * Whether a failure is the database being out of reach (stopped, restarting, failing over, out of
 * connections) rather than a fault of the request or of the code: the caller is told to try again
 * (503 with Retry-After), as the readiness probe says meanwhile, instead of an unexpected error.
 */
import { DrizzleQueryError } from "drizzle-orm/errors";

/** Node's codes for a connection that could not be made or was lost. */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);
/** SQLSTATEs: admin_shutdown, crash_shutdown, cannot_connect_now, too_many_connections (and class 08, connection exceptions). */
const UNAVAILABLE_STATES = new Set(["57P01", "57P02", "57P03", "53300"]);
/** node-postgres's own messages for a lost connection or a pool that could not connect in time. */
const LOST_CONNECTION = /^Connection terminated|timeout exceeded when trying to connect/;

export function isDatabaseUnreachable(error: unknown): boolean {
  // node-postgres's error wrapped by drizzle (a query's), or as it threw it (a transaction's connection).
  // Only those two: a fetch's connection failure (object storage, a model) carries its code deeper down.
  const failure = error instanceof DrizzleQueryError && error.cause instanceof Error ? error.cause : error;
  if (!(failure instanceof Error)) return false;
  const code = (failure as { code?: unknown }).code;
  if (
    typeof code === "string" &&
    (NETWORK_CODES.has(code) || UNAVAILABLE_STATES.has(code) || /^08[0-9A-Z]{3}$/.test(code))
  )
    return true;
  return LOST_CONNECTION.test(failure.message);
}
