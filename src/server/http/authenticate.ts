/**
 * The one auth hook: resolves the bearer product token to a user and their
 * actions, then enforces the operation's security and x-actions.
 */
import type { FastifyRequest } from "fastify";
import { verifyProductToken } from "../auth/productToken";
import { cachesFor, type CachedUser } from "../cache/appCaches";
import type { Database } from "../db/client";
import { findUserById, resolveActions, rolesOfUser } from "../db/users";
import type { ContractOperation } from "./contract";
import { HttpProblem, MissingActionProblem } from "./problem";
import type { Action, AppDeps, AuthenticatedUser } from "./types";

// RFC 7235: the scheme name is case-insensitive.
const BEARER = /^Bearer +([A-Za-z0-9._~+/=-]+)$/i;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The user with the union of their roles' actions; cached (cleared by any committed write to users or roles). */
function cachedUser(database: Database, userId: string): Promise<CachedUser | null> {
  return cachesFor(database).users.get(userId, async () => {
    const db = database.db;
    const [user, roles] = await Promise.all([findUserById(db, userId), rolesOfUser(db, userId)]);
    if (!user) return null;
    return {
      userId: user.userId,
      userName: user.userName,
      displayName: user.displayName,
      isDisabled: user.isDisabled,
      tokensValidAfter: user.tokensValidAfter?.getTime() ?? null,
      keptTokenId: user.keptTokenId,
      actions: new Set(resolveActions(roles) as Action[]),
    };
  });
}

/**
 * Null when no token is sent; "invalid" when one is sent but does not name an active user, or
 * was issued before the user's tokens were revoked (a new password).
 */
export async function resolveUser(
  deps: AppDeps,
  authorization: string | undefined,
): Promise<AuthenticatedUser | null | "invalid"> {
  if (authorization === undefined || authorization === "") return null;
  const token = BEARER.exec(authorization)?.[1];
  if (!token) return "invalid";
  const claims = await verifyProductToken(deps.config, token).catch(() => undefined);
  if (!claims || !UUID.test(claims.userId)) return "invalid";
  const user = await cachedUser(deps.database, claims.userId);
  if (!user || user.isDisabled) return "invalid";
  if (user.tokensValidAfter !== null && claims.issuedAtMs < user.tokensValidAfter) {
    const kept = user.keptTokenId !== null && claims.tokenId === user.keptTokenId;
    if (!kept) return "invalid";
  }
  return {
    userId: user.userId,
    userName: user.userName,
    displayName: user.displayName,
    identityProvider: claims.identityProvider,
    tokenId: claims.tokenId,
    actions: user.actions,
  };
}

function unauthorized(): HttpProblem {
  return new HttpProblem(401, "Unauthorized", "A valid product token is required.", undefined, {
    "WWW-Authenticate": 'Bearer realm="api"',
  });
}

/** Sets `request.user`; throws 401/403 problems when the operation's security is not met. */
export async function authorize(deps: AppDeps, operation: ContractOperation, request: FastifyRequest): Promise<void> {
  const resolved = await resolveUser(deps, request.headers.authorization);
  if (operation.isPublic) {
    // A stale token must not lock anyone out of public operations (sign-in itself is one).
    request.user = resolved === "invalid" ? null : resolved;
    return;
  }
  if (resolved === null || resolved === "invalid") throw unauthorized();
  request.user = resolved;
  if (operation.actions.length > 0 && !operation.actions.some((action) => resolved.actions.has(action as Action)))
    throw new MissingActionProblem(operation.actions);
}

declare module "fastify" {
  interface FastifyRequest {
    /** The caller, set by the auth hook; null on public operations called without a valid token. */
    user: AuthenticatedUser | null;
  }
}
