/** Security headers (a real CSP for the SPA) and the sign-in rate limit. */
import helmet from "@fastify/helmet";
import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";
import { HttpProblem } from "./problem";

/** MSAL talks to (and silently renews in an iframe from) the Microsoft identity platform. */
const ENTRA_ID_AUTHORITY = "https://login.microsoftonline.com";

export const CONTENT_SECURITY_POLICY = {
  "default-src": ["'self'"],
  "script-src": ["'self'"],
  // MUI (emotion) injects its styles at run time.
  "style-src": ["'self'", "'unsafe-inline'"],
  "img-src": ["'self'", "data:", "blob:"],
  "font-src": ["'self'", "data:"],
  "connect-src": ["'self'", ENTRA_ID_AUTHORITY],
  "frame-src": ["'self'", ENTRA_ID_AUTHORITY],
  "frame-ancestors": ["'none'"],
  "object-src": ["'none'"],
  "base-uri": ["'self'"],
  "form-action": ["'self'"],
};

export async function registerSecurity(app: FastifyInstance): Promise<void> {
  // No helmet defaults: its upgrade-insecure-requests would break plain-HTTP installs on a LAN.
  await app.register(helmet, { contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY } });
  // Off by default; the router enables it per operation (x-rate-limit: signIn).
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      const detail = `Too many attempts; retry in ${seconds} second${seconds === 1 ? "" : "s"}.`;
      return new HttpProblem(429, "Too Many Requests", detail, undefined, { "Retry-After": String(seconds) });
    },
  });
}
