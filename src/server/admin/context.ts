/** Small helpers every admin handler shares. */
import { problem, type FieldErrors } from "../http/problem";
import type { AuthenticatedUser, HandlerContext } from "../http/types";

/** Admin operations all need a token, so the auth hook has always set the user. */
export function adminCaller(ctx: HandlerContext): AuthenticatedUser {
  if (!ctx.user) throw problem(401, "Unauthorized", "A valid product token is required.");
  return ctx.user;
}

/** Throws 400 with per-field messages when any were collected. */
export function assertValid(errors: FieldErrors): void {
  if (Object.keys(errors).length > 0) throw problem(400, "Bad Request", "The request is not valid.", errors);
}

export function notFound(what: string): never {
  throw problem(404, "Not Found", `No such ${what}.`);
}

export function iso(date: Date | null): string | null {
  return date ? date.toISOString() : null;
}
