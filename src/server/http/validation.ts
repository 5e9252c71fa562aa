/**
 * Request validation with the contract's own schemas: a strict Ajv for bodies
 * (no coercion, no removal of unknown properties) and a coercing one for path,
 * query and header parameters, which arrive as strings.
 */
import { Ajv, type ErrorObject, type Options, type ValidateFunction } from "ajv";
import addFormatsModule from "ajv-formats";
import type { FastifySchemaCompiler } from "fastify";

// ajv-formats is CommonJS: its default export arrives wrapped under ESM.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as typeof addFormatsModule;

/** Marks a body schema whose requestBody is not `required`: an absent body is then valid. */
export const OPTIONAL_BODY = "x-optional-body";

export function createAjv(options: Options = {}): Ajv {
  // strict: false lets OpenAPI keywords (example, x-*, discriminator) through; type: [string, 'null'] is plain JSON Schema.
  const ajv = new Ajv({ allErrors: true, removeAdditional: false, useDefaults: false, strict: false, ...options });
  addFormats(ajv);
  // OpenAPI's file formats describe encodings, not string shapes.
  ajv.addFormat("binary", true);
  ajv.addFormat("byte", true);
  return ajv;
}

const bodyAjv = createAjv({ coerceTypes: false });
const parameterAjv = createAjv({ coerceTypes: "array" });

/** Fastify's validator compiler: bodies strictly, parameters with coercion; no text with U+0000 in either. */
export const validatorCompiler: FastifySchemaCompiler<Record<string, unknown>> = ({ schema, httpPart }) => {
  const body = httpPart === "body";
  const validate = (body ? bodyAjv : parameterAjv).compile(schema);
  const optional = schema[OPTIONAL_BODY] === true;
  const check = (data: unknown): boolean => {
    if (body && (data === null || data === undefined)) {
      check.errors = optional ? null : [missingBody];
      return optional;
    }
    const valid = validate(data);
    const errors = [...(validate.errors ?? []), ...nulCharacterErrors(data)];
    check.errors = errors.length ? errors : null;
    return valid && errors.length === 0;
  };
  check.errors = null as ValidateFunction["errors"];
  return check;
};

/**
 * The strings in `data` that hold U+0000, as validation errors: PostgreSQL's text cannot store the
 * character, and a question, a title or a search with it would otherwise fail in the database (a 500).
 * Walked without recursion: a body nested thousands of levels deep is refused by its schema, not
 * by a stack overflow (a 500).
 */
function nulCharacterErrors(data: unknown): ErrorObject[] {
  const errors: ErrorObject[] = [];
  const pending: [value: unknown, path: string][] = [[data, ""]];
  while (pending.length > 0) {
    const [value, path] = pending.pop()!;
    if (typeof value === "string") {
      if (value.includes("\u0000"))
        errors.push({
          instancePath: path,
          schemaPath: "#",
          keyword: "nulCharacter",
          params: {},
          message: "must not contain the character U+0000",
        });
    } else if (Array.isArray(value)) {
      for (let index = value.length - 1; index >= 0; index--) pending.push([value[index], `${path}/${index}`]);
    } else if (value !== null && typeof value === "object") {
      const entries = Object.entries(value);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, item] = entries[i]!;
        pending.push([item, `${path}/${key.replace(/~/g, "~0").replace(/\//g, "~1")}`]);
      }
    }
  }
  return errors;
}

const missingBody: ErrorObject = {
  instancePath: "",
  schemaPath: "#/required",
  keyword: "required",
  params: { missingProperty: "body" },
  message: "is required",
};

/** What Fastify hands over of each Ajv error. */
export interface SchemaError {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
}

/** Ajv errors → `{ field: [message] }`: body fields as dotted paths, parameters by name. */
export function fieldErrors(errors: readonly SchemaError[]): Record<string, string[]> {
  const result: Record<string, string[]> = {};
  for (const error of errors) {
    const segments = error.instancePath.split("/").slice(1).map(unescapePointer);
    const extra = fieldOf(error);
    if (extra !== undefined) segments.push(extra);
    const key = segments.join(".") || "body";
    const message = messageFor(error);
    const list = (result[key] ??= []);
    if (!list.includes(message)) list.push(message);
  }
  return result;
}

function unescapePointer(segment: string): string {
  return segment.replace(/~1/g, "/").replace(/~0/g, "~");
}

function fieldOf(error: SchemaError): string | undefined {
  if (error.keyword === "required") return String(error.params.missingProperty);
  if (error.keyword === "additionalProperties") return String(error.params.additionalProperty);
  return undefined;
}

const TYPE_NAMES: Record<string, string> = {
  string: "a string",
  integer: "an integer",
  number: "a number",
  boolean: "true or false",
  object: "an object",
  array: "an array",
  null: "null",
};

function messageFor(error: SchemaError): string {
  const p = error.params;
  switch (error.keyword) {
    case "required":
      return "is required";
    case "additionalProperties":
      return "is not allowed";
    case "type": {
      const types = String(p.type).split(",");
      return `must be ${types.map((t) => TYPE_NAMES[t] ?? t).join(" or ")}`;
    }
    case "enum":
      return `must be one of: ${(p.allowedValues as unknown[]).map(String).join(", ")}`;
    case "const":
      return `must be ${JSON.stringify(p.allowedValue)}`;
    case "maxLength":
      return `must be at most ${String(p.limit)} characters`;
    case "minLength":
      return Number(p.limit) === 1 ? "must not be empty" : `must be at least ${String(p.limit)} characters`;
    case "maximum":
      return `must be at most ${String(p.limit)}`;
    case "minimum":
      return `must be at least ${String(p.limit)}`;
    case "exclusiveMaximum":
      return `must be less than ${String(p.limit)}`;
    case "exclusiveMinimum":
      return `must be greater than ${String(p.limit)}`;
    case "maxItems":
      return `must have at most ${String(p.limit)} items`;
    case "minItems":
      return `must have at least ${String(p.limit)} items`;
    case "uniqueItems":
      return "must not contain duplicates";
    case "pattern":
      return "has an invalid format";
    case "format":
      return `must be a valid ${String(p.format)}`;
    default:
      return error.message ?? "is not valid";
  }
}
