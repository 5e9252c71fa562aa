import type { ErrorSchema, UiSchema } from "@rjsf/utils";
import type { ResourceSchema } from "../dataProvider/resourceSchema";

/**
 * The uiSchema derived from the JSON Schema alone: writeOnly secrets are
 * password fields. (A resource's own `uiSchema.json` would be merged over it.)
 */
export function deriveUiSchema(schema: ResourceSchema): UiSchema {
  const uiSchema: UiSchema = { "ui:submitButtonOptions": { norender: true } };
  for (const [name, property] of Object.entries(schema.properties)) {
    if (property.writeOnly === true) uiSchema[name] = { "ui:widget": "password" };
  }
  return uiSchema;
}

/**
 * The record as the form edits it: only declared properties (the list's `id`
 * is react-admin's), and no nulls where the schema does not allow null, so
 * that the browser-side validation does not block a record the server sent.
 */
export function toFormData(schema: ResourceSchema, record: Record<string, unknown> | undefined): Record<string, unknown> {
  const formData: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(record ?? {})) {
    const property = schema.properties[name];
    if (!property) continue;
    const types = property.type === undefined ? [] : Array.isArray(property.type) ? property.type : [property.type];
    if (value === null && !types.includes("null")) continue;
    formData[name] = value;
  }
  return formData;
}

/** problem+json `errors` (messages keyed per field, dotted paths for nested ones) as an rjsf ErrorSchema. */
export function problemErrorsToErrorSchema(errors: unknown): ErrorSchema | undefined {
  if (typeof errors !== "object" || errors === null) return undefined;
  const root: Record<string, unknown> = {};
  let any = false;
  for (const [path, value] of Object.entries(errors as Record<string, unknown>)) {
    const messages = (Array.isArray(value) ? value : [value]).filter((item): item is string => typeof item === "string");
    if (messages.length === 0) continue;
    let node = root;
    for (const segment of path.split(".").filter(Boolean)) {
      node[segment] ??= {};
      node = node[segment] as Record<string, unknown>;
    }
    node.__errors = [...((node.__errors as string[] | undefined) ?? []), ...messages];
    any = true;
  }
  return any ? (root as ErrorSchema) : undefined;
}
