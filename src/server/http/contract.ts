/**
 * The bundled contract (src/generated/openapi.json) read as a list of operations,
 * with every local $ref inlined so each schema stands alone for Ajv and for
 * Fastify's serialiser.
 */
import spec from "../../generated/openapi.json" with { type: "json" };

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export interface OpenApiParameter {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  required?: boolean;
  schema?: JsonObject;
}

interface MediaType {
  schema?: JsonObject;
}

export interface OpenApiResponse {
  content?: Record<string, MediaType>;
  headers?: JsonObject;
}

export interface ContractOperation {
  operationId: string;
  method: string;
  /** The contract's path, relative to the server URL, e.g. `/brands/{brandKey}`. */
  path: string;
  /** The server URL the path is served under: `servers[0]`, or the path's own `servers` (e.g. /generatedImages at the root). */
  prefix: string;
  /** True for `security: []`: no token needed. */
  isPublic: boolean;
  /** The actions of which the caller needs one; empty = any signed-in user. */
  actions: string[];
  rateLimit: string | undefined;
  /** `x-body-limit`: the largest request body in bytes, for the few operations that take base64 images. */
  bodyLimit?: number;
  parameters: OpenApiParameter[];
  requestBody: { required: boolean; content: Record<string, MediaType> } | undefined;
  responses: Record<string, OpenApiResponse>;
}

export interface OpenApiDocument {
  servers: { url: string }[];
  paths: Record<string, Record<string, JsonObject>>;
  components: { schemas: Record<string, JsonObject>; parameters?: JsonObject; responses?: JsonObject };
}

export const contract = spec as unknown as OpenApiDocument;

/** The prefix every contract path is served under (`servers[0].url`). */
export const apiPrefix = contract.servers[0]?.url ?? "/api/internal";

const HTTP_METHODS = ["get", "put", "post", "delete", "patch", "head", "options"];

function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Replaces `{ $ref: "#/components/<kind>/<name>" }` by its target, recursively (the contract has no cycles: codegen rejects them). */
export function dereference<T>(node: T, doc: OpenApiDocument = contract): T {
  if (Array.isArray(node)) return node.map((item: unknown) => dereference(item, doc)) as T;
  if (!isObject(node)) return node;
  const ref = node.$ref;
  if (typeof ref === "string") {
    const [, , kind, name] = ref.split("/");
    const section = (doc.components as Record<string, Record<string, unknown> | undefined>)[kind ?? ""];
    const target = section?.[name ?? ""];
    if (target === undefined) throw new Error(`unresolved $ref ${ref}`);
    const { $ref: _ref, ...siblings } = node;
    return { ...(dereference(target, doc) as JsonObject), ...dereference(siblings, doc) } as T;
  }
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, dereference(value, doc)])) as T;
}

/** Every operation of the contract, dereferenced, in path order. */
export function contractOperations(doc: OpenApiDocument = contract): ContractOperation[] {
  const operations: ContractOperation[] = [];
  // Every path is served under the bundled contract's server URL unless it names its own (as before: synthetic test contracts too).
  const defaultPrefix = apiPrefix;
  for (const [path, item] of Object.entries(doc.paths)) {
    const shared = (item.parameters ?? []) as unknown as OpenApiParameter[];
    const ownServer = (item.servers as unknown as { url: string }[] | undefined)?.[0]?.url;
    const prefix = ownServer === undefined ? defaultPrefix : ownServer.replace(/\/$/, "");
    for (const method of HTTP_METHODS) {
      const raw = item[method];
      if (!isObject(raw)) continue;
      const op = dereference(raw, doc);
      const own = dereference((op.parameters ?? []) as unknown as OpenApiParameter[], doc);
      const overridden = new Set(own.map((p) => `${p.in}:${p.name}`));
      const parameters = [...dereference(shared, doc).filter((p) => !overridden.has(`${p.in}:${p.name}`)), ...own];
      const body = op.requestBody as { required?: boolean; content?: Record<string, MediaType> } | undefined;
      operations.push({
        operationId: String(op.operationId),
        method: method.toUpperCase(),
        path,
        prefix,
        isPublic: Array.isArray(op.security) && op.security.length === 0,
        actions: (op["x-actions"] ?? []) as string[],
        rateLimit: typeof op["x-rate-limit"] === "string" ? op["x-rate-limit"] : undefined,
        ...(typeof op["x-body-limit"] === "number" ? { bodyLimit: op["x-body-limit"] } : {}),
        parameters,
        requestBody: body ? { required: body.required === true, content: body.content ?? {} } : undefined,
        responses: (op.responses ?? {}) as unknown as Record<string, OpenApiResponse>,
      });
    }
  }
  return operations;
}

/** `/brands/{brandKey}` → `/brands/:brandKey` (Fastify's syntax). */
export function toFastifyPath(path: string): string {
  return path.replace(/\{([^}]+)\}/g, ":$1");
}

/** The values of the contract's Action enum (spec section 6). */
export function contractActions(doc: OpenApiDocument = contract): string[] {
  return (doc.components.schemas.Action?.enum ?? []) as string[];
}
