import { adminRegistry } from "../../generated/adminRegistry";
import { resourceUiSchema } from "../resources/uiSchemas";
import type { AdminResource, ResourceSchema } from "./resourceSchema";

// The generated component schemas, bundled into the lazy admin chunk only.
const schemaModules = import.meta.glob<ResourceSchema>("../../schemas/*.json", { eager: true, import: "default" });

function schemaNamed(name: string): ResourceSchema | undefined {
  return schemaModules[`../../schemas/${name}.json`];
}

/** Every registry entry with its component schema and uiSchema (an entry without a schema file is left out). */
export const registryResources: AdminResource[] = adminRegistry.flatMap((definition) => {
  const schema = schemaNamed(definition.schema);
  return schema ? [{ definition, schema, uiSchema: resourceUiSchema(definition.name) }] : [];
});
