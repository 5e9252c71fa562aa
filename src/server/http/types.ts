/**
 * What every handler receives. Handlers are registered by operationId
 * (src/server/features/<tag>/handlers.ts) and routed from the bundled contract.
 */
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from "fastify";
import type { components } from "../../generated/api";
import type { Config } from "../config";
import type { Database } from "../db/client";

export type Action = components["schemas"]["Action"];

/** The caller, resolved from the bearer product token by the auth hook. */
export interface AuthenticatedUser {
  userId: string;
  userName: string;
  displayName: string;
  /** The identity provider the product token was issued for. */
  identityProvider: "local" | "entraId";
  /** The caller's product token's id (jti); absent for the public chat's visitors and older tokens. */
  tokenId?: string | null;
  /** The union of the actions of every role assigned to the user. */
  actions: ReadonlySet<Action>;
}

/** Long-lived services shared by every request. */
export interface AppDeps {
  config: Config;
  database: Database;
  log: FastifyBaseLogger;
}

export interface HandlerContext {
  deps: AppDeps;
  /** Null only on public operations (`security: []`) called without a token. */
  user: AuthenticatedUser | null;
  requestId: string;
}

/**
 * Returns the response body (serialised with the operation's response schema;
 * `undefined` answers 204), or sends through `reply` itself and returns `reply`.
 * Throw an `HttpProblem` (src/server/http/problem.ts) to answer with an error.
 */
export type Handler = (request: FastifyRequest, reply: FastifyReply, ctx: HandlerContext) => Promise<unknown>;

/** A feature's handlers, keyed by the contract's operationIds. */
export type Handlers = Record<string, Handler>;
