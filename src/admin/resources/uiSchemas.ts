import type { UiSchema } from "@rjsf/utils";

// Each resource folder may hold a uiSchema.json naming widgets (see forms/widgets.ts) for its fields.
const modules = import.meta.glob<UiSchema>("./*/uiSchema.json", { eager: true, import: "default" });

/** The JSON uiSchema of `src/admin/resources/<name>/uiSchema.json`, if the resource has one. */
export function resourceUiSchema(name: string): UiSchema | undefined {
  return modules[`./${name}/uiSchema.json`];
}
