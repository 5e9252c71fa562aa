/** The server's pino logger (Fastify logs through it, each line carrying the request id). */
import { pino, type DestinationStream, type Logger } from "pino";
import { hipaaAwareSerializers } from "../hipaa/logScrubbing";

/** Tokens, cookies and bodies never reach the logs. */
export const REDACTED_PATHS = [
  "req.headers.authorization",
  "req.headers.cookie",
  "headers.authorization",
  "headers.cookie",
  "req.body",
  "body",
  'res.headers["set-cookie"]',
];

/** Writes JSON lines to stdout unless given another destination. */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = { level, redact: { paths: REDACTED_PATHS, censor: "[redacted]" }, serializers: hipaaAwareSerializers };
  return destination ? pino(options, destination) : pino(options);
}
