import type { ErrorSchema, UiSchema } from "@rjsf/utils";
import { enumChoices, type ResourceSchema } from "../dataProvider/resourceSchema";

/** A shallow-per-field merge: the resource's own entry for a field extends the derived one. */
function mergeUiSchemas(derived: UiSchema, own: UiSchema | undefined): UiSchema {
  const merged: UiSchema = { ...derived };
  for (const [key, value] of Object.entries(own ?? {})) {
    const base = merged[key] as unknown;
    merged[key] =
      typeof base === "object" && base !== null && typeof value === "object" && value !== null && !Array.isArray(value)
        ? { ...(base as object), ...(value as object) }
        : value;
  }
  return merged;
}

/**
 * The uiSchema of a form: derived from the JSON Schema (writeOnly fields are
 * secrets, the Save button is ours), then the resource's own
 * `uiSchema.json` merged over it.
 */
export function deriveUiSchema(schema: ResourceSchema, own?: UiSchema): UiSchema {
  const uiSchema: UiSchema = { "ui:submitButtonOptions": { norender: true } };
  for (const [name, property] of Object.entries(schema.properties)) {
    if (property.writeOnly === true) uiSchema[name] = { "ui:widget": "secret" };
    // An enum's choices read as the contract labels them (x-enum-labels), not as its codes.
    const choices = enumChoices(property);
    if (choices) uiSchema[name] = { "ui:enumNames": choices.map((choice) => choice.name) };
  }
  // A save's warnings are shown above the form (FormWarnings), never as a field of it.
  if (schema.properties.warnings?.readOnly === true) uiSchema.warnings = { "ui:widget": "hidden" };
  return mergeUiSchemas(uiSchema, own);
}

/** Fields whose widget uploads (see UPLOAD_WIDGETS): shown on create although the schema marks them readOnly. */
export function uploadFields(uiSchema: UiSchema, uploadWidgets: ReadonlySet<string>): Set<string> {
  const names = Object.entries(uiSchema)
    .filter(
      ([, entry]) =>
        typeof entry === "object" && entry !== null && uploadWidgets.has(String((entry as UiSchema)["ui:widget"])),
    )
    .map(([name]) => name);
  return new Set(names);
}

/**
 * The record as the form edits it: only declared properties (the list's `id`
 * is react-admin's), and no nulls where the schema does not allow null, so
 * that the browser-side validation does not block a record the server sent.
 */
export function toFormData(
  schema: ResourceSchema,
  record: Record<string, unknown> | undefined,
): Record<string, unknown> {
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
    const messages = (Array.isArray(value) ? value : [value]).filter(
      (item): item is string => typeof item === "string",
    );
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

export interface FormWarning {
  property: string;
  message: string;
}

/** Spec §8 "Warnings show property and message": `warnings: [{ property, message }]` of a server answer. */
export function warningsOf(body: unknown): FormWarning[] {
  const warnings = (body as { warnings?: unknown } | null)?.warnings;
  if (!Array.isArray(warnings)) return [];
  return warnings.flatMap((warning: unknown) => {
    const { property, message } = (warning ?? {}) as { property?: unknown; message?: unknown };
    return typeof message === "string" ? [{ property: typeof property === "string" ? property : "", message }] : [];
  });
}
