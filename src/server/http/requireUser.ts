import { problem } from "./problem";
import type { AuthenticatedUser, HandlerContext } from "./types";

/**
 * The caller of an operation that needs a token. The auth hook has already
 * refused anonymous calls, so this only narrows the type (and guards a
 * handler wired to a public operation by mistake).
 */
export function requireUser(ctx: HandlerContext): AuthenticatedUser {
  if (!ctx.user) throw problem(401, "Unauthorized", "A valid product token is required.");
  return ctx.user;
}
