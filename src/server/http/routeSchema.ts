/** A contract operation's schemas in Fastify's shape: what to validate on the way in and serialise on the way out. */
import type { FastifySchema } from "fastify";
import type { ContractOperation, JsonObject, OpenApiParameter } from "./contract";
import { OPTIONAL_BODY } from "./validation";

function parametersSchema(parameters: OpenApiParameter[], location: OpenApiParameter["in"]): JsonObject | undefined {
  const selected = parameters.filter((p) => p.in === location);
  if (selected.length === 0) return undefined;
  // Header names arrive lower-cased from Node.
  const nameOf = (p: OpenApiParameter) => (location === "header" ? p.name.toLowerCase() : p.name);
  return {
    type: "object",
    properties: Object.fromEntries(selected.map((p) => [nameOf(p), p.schema ?? { type: "string" }])),
    required: selected.filter((p) => p.required || location === "path").map(nameOf),
  };
}

function isJsonMediaType(mediaType: string): boolean {
  return /^application\/(.+\+)?json$/.test(mediaType);
}

function bodySchema(operation: ContractOperation): JsonObject | undefined {
  const body = operation.requestBody;
  const schema = body?.content["application/json"]?.schema;
  if (!body || !schema) return undefined;
  return body.required ? schema : { ...schema, [OPTIONAL_BODY]: true };
}

/** Only JSON responses are serialised (and thereby stripped to their schema); binary and streamed ones pass through. */
function responseSchemas(operation: ContractOperation): JsonObject | undefined {
  const result: JsonObject = {};
  for (const [status, response] of Object.entries(operation.responses)) {
    const content: JsonObject = {};
    for (const [mediaType, media] of Object.entries(response.content ?? {}))
      if (isJsonMediaType(mediaType) && media.schema) content[mediaType] = { schema: media.schema };
    if (Object.keys(content).length > 0) result[status.replace(/XX$/, "xx")] = { content };
  }
  return Object.keys(result).length > 0 ? result : undefined;
}

export function routeSchema(operation: ContractOperation): FastifySchema {
  const schema: Record<string, unknown> = {
    params: parametersSchema(operation.parameters, "path"),
    querystring: parametersSchema(operation.parameters, "query"),
    headers: parametersSchema(operation.parameters, "header"),
    body: bodySchema(operation),
    response: responseSchemas(operation),
  };
  for (const key of Object.keys(schema)) if (schema[key] === undefined) delete schema[key];
  return schema as FastifySchema;
}
