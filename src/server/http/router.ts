/**
 * The spec-driven router: one Fastify route per contract operation, validated
 * and serialised with the operation's own schemas, guarded by the auth hook,
 * answered by the handler registered under its operationId.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from "fastify";
import type { Config } from "../config";
import { authorize } from "./authenticate";
import { contractOperations, toFastifyPath, type ContractOperation } from "./contract";
import { routeSchema } from "./routeSchema";
import type { AppDeps, Handlers } from "./types";

/** Every operation needs a handler and every handler an operation: a mismatch stops the server from starting. */
export function checkHandlers(operations: ContractOperation[], handlers: Handlers): void {
  const missing = operations.filter((op) => !Object.hasOwn(handlers, op.operationId));
  if (missing.length > 0)
    throw new Error(
      `No handler for operation(s): ${missing.map((op) => `${op.operationId} (${op.method} ${op.path})`).join(", ")}`,
    );
  const known = new Set(operations.map((op) => op.operationId));
  const stray = Object.keys(handlers).filter((id) => !known.has(id));
  if (stray.length > 0) throw new Error(`Handler(s) for operations the contract does not define: ${stray.join(", ")}`);
}

/** Requests per minute per client address, by the operation's x-rate-limit. */
function rateLimitFor(operation: ContractOperation, config: Config): RouteOptions["config"] {
  if (operation.rateLimit === undefined) return {};
  const perMinute: Record<string, number> = { signIn: config.signInRateLimit, publicChat: config.publicChatRateLimit };
  const max = perMinute[operation.rateLimit];
  if (max === undefined) throw new Error(`${operation.operationId}: unknown x-rate-limit ${operation.rateLimit}`);
  return { rateLimit: { max, timeWindow: 60_000 } };
}

export function registerContractRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  handlers: Handlers,
  operations: ContractOperation[] = contractOperations(),
): void {
  checkHandlers(operations, handlers);
  for (const operation of operations) {
    const handler = handlers[operation.operationId]!;
    app.route({
      method: operation.method,
      url: operation.prefix + toFastifyPath(operation.path),
      schema: routeSchema(operation),
      config: rateLimitFor(operation, deps.config),
      ...(operation.bodyLimit !== undefined ? { bodyLimit: operation.bodyLimit } : {}),
      onRequest: async (request: FastifyRequest, reply: FastifyReply) => {
        reply.header("Cache-Control", "no-store");
        await authorize(deps, operation, request);
      },
      handler: async (request, reply) => {
        const result = await handler(request, reply, { deps, user: request.user, requestId: request.id });
        if (result !== undefined) return result;
        // A handler that sent (or hijacked) the reply itself returns it, and a Reply is a thenable:
        // awaiting it yields undefined, so "already sent" must be checked before answering 204.
        return reply.sent ? reply : reply.code(204).send();
      },
    });
  }
}
