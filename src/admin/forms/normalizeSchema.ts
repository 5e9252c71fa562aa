import type { PropertySchema, ResourceSchema } from "../dataProvider/resourceSchema";

/** "gptSystemId" → "Gpt System ID": a readable label for a property the contract left untitled. */
export function spelledOut(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/\bId\b/g, "ID")
    .replace(/\bIds\b/g, "IDs");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function typesOf(property: PropertySchema): string[] {
  return property.type === undefined ? [] : Array.isArray(property.type) ? property.type : [property.type];
}

/** Whether the contract lets the property be null (`type: [x, 'null']` or `null` among its enum). */
export function isNullable(property: PropertySchema | undefined): boolean {
  if (!property) return false;
  return typesOf(property).includes("null") || (property.enum?.includes(null) ?? false);
}

/**
 * Codegen writes a `$ref` with sibling keywords as a single-branch allOf
 * (`{ allOf: [{ enum: [...] }], title }`). rjsf does not see an enum through
 * it, so the select of an agent's Type or Status rendered empty: merge the
 * branch into the property, the property's own keywords winning.
 */
function mergeSingleAllOf(property: PropertySchema): PropertySchema {
  const [branch, ...others] = property.allOf ?? [];
  if (!branch || others.length > 0) return property;
  const { allOf: _allOf, ...siblings } = property;
  return mergeSingleAllOf({ ...branch, ...siblings });
}

/**
 * A nullable enum (`enum: [Banned, null]`) offered "null" as a choice: the
 * select offers the real values only, and clearing it means null (see
 * withClearedNulls).
 */
function withoutNullChoice(property: PropertySchema): PropertySchema {
  if (!property.enum?.includes(null)) return property;
  const types = typesOf(property).filter((type) => type !== "null");
  const { type: _type, ...rest } = property;
  return {
    ...rest,
    ...(types.length === 1 ? { type: types[0] } : types.length > 1 ? { type: types } : {}),
    enum: property.enum.filter((value) => value !== null),
  };
}

function normalizeProperty(property: PropertySchema, label: string): PropertySchema {
  let next = withoutNullChoice(mergeSingleAllOf(property));
  if (next.title === undefined) next = { ...next, title: label };
  if (next.items) next = { ...next, items: withoutNullChoice(mergeSingleAllOf(next.items)) };
  const nested = next.properties as Record<string, PropertySchema> | undefined;
  if (nested) {
    next = {
      ...next,
      properties: Object.fromEntries(
        Object.entries(nested).map(([name, child]) => [name, normalizeProperty(child, spelledOut(name))]),
      ),
    };
  }
  return next;
}

/**
 * The component schema as the forms and lists read it: single-branch allOf
 * merged, no "null" choice in enums, and a label on every field (the record's
 * id field is "ID").
 */
export function normalizeSchema(schema: ResourceSchema, idField?: string): ResourceSchema {
  const properties = Object.fromEntries(
    Object.entries(schema.properties).map(([name, property]) => [
      name,
      normalizeProperty(property, name === idField ? "ID" : spelledOut(name)),
    ]),
  );
  return { ...schema, properties };
}

/**
 * On edit, a nullable field the user cleared is sent as null (rjsf drops an
 * emptied field from its data, and a field left out of a PUT keeps its value).
 */
export function withClearedNulls(original: ResourceSchema, data: Record<string, unknown>): Record<string, unknown> {
  const next = { ...data };
  for (const [name, property] of Object.entries(original.properties)) {
    if (property.readOnly === true || next[name] !== undefined) continue;
    if (isNullable(property)) next[name] = null;
  }
  return next;
}
