import type { RJSFSchema, UiSchema } from "@rjsf/utils";
import { spelledOut } from "../forms/normalizeSchema";
import type { AdminResourceDefinition, AdminResourceOperations } from "../registryTypes";

/** A JSON Schema property as the generated component schemas write it. */
export interface PropertySchema {
  type?: string | string[];
  title?: string;
  format?: string;
  enum?: unknown[];
  readOnly?: boolean;
  writeOnly?: boolean;
  allOf?: PropertySchema[];
  items?: PropertySchema;
  [keyword: string]: unknown;
}

/** A component schema from src/schemas/ (an object schema). */
export interface ResourceSchema {
  title?: string;
  required?: string[];
  properties: Record<string, PropertySchema>;
  [keyword: string]: unknown;
}

/** One admin resource: its registry entry and the JSON Schema its forms are built from. */
export interface AdminResource {
  definition: AdminResourceDefinition;
  schema: ResourceSchema;
  /** Widgets and options for its forms (src/admin/resources/<name>/uiSchema.json). */
  uiSchema?: UiSchema;
}

/** A property's keyword, looking through a single-branch allOf wrapper as codegen writes it for $ref'd enums. */
export function propertyKeyword<K extends keyof PropertySchema>(property: PropertySchema, key: K): PropertySchema[K] {
  return property[key] ?? property.allOf?.find((branch) => branch[key] !== undefined)?.[key];
}

/** How the admin names an enum's value: the contract's `x-enum-labels`, else the value itself. */
export function enumLabel(property: PropertySchema | undefined, value: string): string {
  const labels = property
    ? (propertyKeyword(property, "x-enum-labels") as Record<string, string> | undefined)
    : undefined;
  return labels?.[value] ?? value;
}

/** An enum's labelled values, in the contract's order; undefined when the enum has no `x-enum-labels`. */
export function enumChoices(property: PropertySchema | undefined): { id: string; name: string }[] | undefined {
  if (!property || propertyKeyword(property, "x-enum-labels") === undefined) return undefined;
  return (propertyKeyword(property, "enum") ?? [])
    .filter((value): value is string => typeof value === "string")
    .map((value) => ({ id: value, name: enumLabel(property, value) }));
}

export function propertyTypes(property: PropertySchema): string[] {
  const type = propertyKeyword(property, "type");
  return type === undefined ? [] : Array.isArray(type) ? type : [type];
}

/** The column/field label: the schema's title, else the property name spelled out. */
export function propertyLabel(schema: ResourceSchema, name: string): string {
  const property = schema.properties[name];
  const title = property ? propertyKeyword(property, "title") : undefined;
  if (title) return title;
  return spelledOut(name);
}

export function readOnlyFields(schema: ResourceSchema): string[] {
  return Object.entries(schema.properties)
    .filter(([, property]) => property.readOnly === true)
    .map(([name]) => name);
}

/** The keys of a record that may be sent: declared, writable properties only (bodies are strict). */
export function toRequestBody(schema: ResourceSchema, data: Record<string, unknown>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(data)) {
    const property = schema.properties[name];
    if (!property || property.readOnly === true || value === undefined) continue;
    body[name] = value;
  }
  return body;
}

/** Operations a resource offers; an entry that does not say offers all three. */
export function resourceOperations(definition: AdminResourceDefinition): AdminResourceOperations {
  return definition.operations ?? { create: true, update: true, delete: true };
}

/**
 * The schema handed to rjsf: no codegen-only keywords, and no readOnly fields
 * when creating except those `keepOnCreate` names (uploads sent after the
 * record is created).
 */
export function toFormSchema(
  schema: ResourceSchema,
  mode: "create" | "edit",
  keepOnCreate: ReadonlySet<string> = new Set(),
): RJSFSchema {
  const { $id: _id, $schema: _schema, "x-admin-resource": _admin, ...rest } = schema;
  if (mode === "edit") return rest as RJSFSchema;
  const hidden = new Set(readOnlyFields(schema).filter((name) => !keepOnCreate.has(name)));
  const properties = Object.fromEntries(Object.entries(schema.properties).filter(([name]) => !hidden.has(name)));
  const required = schema.required?.filter((name) => !hidden.has(name));
  return { ...rest, properties, ...(required ? { required } : {}) } as RJSFSchema;
}
