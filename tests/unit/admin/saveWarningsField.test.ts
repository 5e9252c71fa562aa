/** A record's `warnings` (answered by a save, spec §8) are shown above the form, never as one of its fields. */
import { describe, expect, it } from "vitest";
import type { ResourceSchema } from "../../../src/admin/dataProvider/resourceSchema";
import { deriveUiSchema } from "../../../src/admin/forms/formSchema";
import policy from "../../../src/schemas/AdminChatAccessPolicy.json";
import budget from "../../../src/schemas/InstanceBudgetSettings.json";

describe("the warnings property of a saved record", () => {
  it("is declared readOnly by the schemas that answer warnings and hidden from their forms", () => {
    for (const schema of [policy, budget] as unknown as ResourceSchema[]) {
      expect(schema.properties.warnings?.readOnly).toBe(true);
      expect(deriveUiSchema(schema).warnings).toEqual({ "ui:widget": "hidden" });
    }
  });
});
