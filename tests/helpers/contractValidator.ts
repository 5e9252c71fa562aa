/**
 * Checks a response against the contract, independently of the server's own
 * schema handling: the status must be declared, the content type must match a
 * declared media range, and a JSON body must satisfy the schema (Ajv over the
 * bundled document, $refs resolved by Ajv itself).
 */
import type { LightMyRequestResponse } from "fastify";
import { Ajv, type ValidateFunction } from "ajv";
import addFormatsModule from "ajv-formats";
import spec from "../../src/generated/openapi.json" with { type: "json" };

const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as typeof addFormatsModule;

interface MediaType {
  schema?: object;
}
interface Operation {
  operationId: string;
  responses: Record<string, { $ref?: string; content?: Record<string, MediaType> }>;
}

const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);
ajv.addFormat("binary", true);
ajv.addSchema({ ...spec, $id: "openapi.json" } as object);

const operations = new Map<string, { op: Operation }>();
for (const item of Object.values(spec.paths as unknown as Record<string, Record<string, Operation>>))
  for (const op of Object.values(item)) if (op.operationId) operations.set(op.operationId, { op });

function resolveResponse(response: { $ref?: string; content?: Record<string, MediaType> }) {
  if (!response.$ref) return response;
  const name = response.$ref.split("/").pop()!;
  return (spec.components.responses as Record<string, { content?: Record<string, MediaType> }>)[name]!;
}

function mediaMatches(range: string, actual: string): boolean {
  if (range === "*/*") return true;
  const [type, sub] = range.split("/");
  const [actualType, actualSub] = actual.split("/");
  return type === actualType && (sub === "*" || sub === actualSub);
}

const compiled = new Map<object, ValidateFunction>();

/** A response schema's local $refs point into the document Ajv holds as `openapi.json`. */
function validatorFor(schema: object): ValidateFunction {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile(
      JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"openapi.json#/components/')) as object,
    );
    compiled.set(schema, validate);
  }
  return validate;
}

/** Throws, with Ajv's report, when the response breaks the contract of `operationId`. */
export function assertMatchesContract(operationId: string, response: LightMyRequestResponse): void {
  const entry = operations.get(operationId);
  if (!entry) throw new Error(`no operation ${operationId}`);
  const status = String(response.statusCode);
  const declared = entry.op.responses[status] ?? entry.op.responses[`${status[0]}XX`] ?? entry.op.responses.default;
  if (!declared) throw new Error(`${operationId}: status ${status} is not declared by the contract`);
  const content = resolveResponse(declared).content ?? {};
  const contentType = String(response.headers["content-type"] ?? "")
    .split(";")[0]!
    .trim();
  const range = Object.keys(content).find((r) => mediaMatches(r, contentType));
  if (Object.keys(content).length > 0 && range === undefined)
    throw new Error(
      `${operationId}: ${status} answered ${contentType || "no content type"}, declared ${Object.keys(content).join(", ")}`,
    );
  const schema = range === undefined ? undefined : content[range]?.schema;
  if (!schema || !/json$/.test(range!)) return;
  const validate = validatorFor(schema);
  if (!validate(response.json()))
    throw new Error(`${operationId} ${status}: ${ajv.errorsText(validate.errors)}\n${response.body}`);
}
