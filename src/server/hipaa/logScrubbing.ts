/**
 * HIPAA mode in the server log: request URLs lose their query strings (the
 * conversation search carries words of titles, which are made from questions)
 * and error records lose the values a failed query was given (drizzle puts a
 * statement's parameters, e.g. a question, into its error message).
 *
 * The log is process-wide and written before any database is open, so the
 * mode is a process-wide flag, kept in step with the setting by the hipaa
 * tab's handler and by the periodic HIPAA sweep.
 */
import { stdSerializers } from "pino";

let scrubbing = false;

export function setHipaaLogScrubbing(on: boolean): void {
  scrubbing = on;
}

export function isHipaaLogScrubbing(): boolean {
  return scrubbing;
}

const QUERY = /\?.*$/s;
/** Drizzle: `Failed query: <sql>\nparams: <values>`; node-postgres: `detail: Key (x)=(value) ...`. */
const PARAMS = /\nparams:.*$/s;

/** The text with every question-bearing tail cut off. */
export function scrubText(text: string): string {
  return text.replace(PARAMS, "\nparams: [hidden in HIPAA mode]");
}

type LoggedRequest = Record<string, unknown>;
type SerializedError = ReturnType<typeof stdSerializers.err> & Record<string, unknown>;

interface FastifyRequestLike {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  headers?: Record<string, unknown>;
  socket?: { remotePort?: number };
  raw: unknown;
}

const isFastifyRequest = (value: unknown): value is FastifyRequestLike =>
  typeof value === "object" && value !== null && "raw" in value && "url" in value;

/** Fastify's own `req` shape (which these serializers replace); anything else is logged as given. */
function requestRecord(req: unknown): LoggedRequest {
  if (!isFastifyRequest(req)) return req as LoggedRequest;
  return {
    method: req.method,
    url: req.url,
    version: req.headers?.["accept-version"],
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

function scrubError(error: SerializedError): SerializedError {
  const scrubbed: SerializedError = { ...error, message: scrubText(error.message), stack: scrubText(error.stack) };
  // Values of the row a constraint refused, and the statement's parameters.
  for (const key of ["detail", "params", "query", "where"]) if (key in scrubbed) delete scrubbed[key];
  if (scrubbed.cause && typeof scrubbed.cause === "object")
    (scrubbed as Record<string, unknown>).cause = scrubError(scrubbed.cause as SerializedError);
  return scrubbed;
}

/** pino serializers for `req` and `err` that scrub in HIPAA mode (they replace Fastify's). */
export const hipaaAwareSerializers = {
  req: (req: unknown): LoggedRequest => {
    const logged = requestRecord(req);
    return scrubbing && typeof logged?.url === "string" ? { ...logged, url: logged.url.replace(QUERY, "") } : logged;
  },
  err: (error: Error): SerializedError => {
    const serialized = stdSerializers.err(error) as SerializedError;
    return scrubbing ? scrubError(serialized) : serialized;
  },
};
