import type { UiSchema } from "@rjsf/utils";
import type { InstanceSettingsTab } from "../../dataProvider/adminDataProvider";
import type { ResourceSchema } from "../../dataProvider/resourceSchema";
import agents from "../../../schemas/InstanceAgentsSettings.json";
import apiKeys from "../../../schemas/InstanceApiKeysSettings.json";
import branding from "../../../schemas/InstanceBrandingSettings.json";
import budget from "../../../schemas/InstanceBudgetSettings.json";
import hipaa from "../../../schemas/InstanceHipaaSettings.json";
import personalAgents from "../../../schemas/InstancePersonalAgentsSettings.json";
import uiSchemas from "./uiSchema.json";

/** Each tab's form schema: the component schema of its GET/PUT /admin/instanceSettings/<tab>. */
export const instanceSettingsSchemas: Record<InstanceSettingsTab, ResourceSchema> = {
  apiKeys: apiKeys as ResourceSchema,
  hipaa: hipaa as ResourceSchema,
  branding: branding as ResourceSchema,
  agents: agents as ResourceSchema,
  budget: budget as ResourceSchema,
  personalAgents: personalAgents as ResourceSchema,
};

/** Each tab's uiSchema (uiSchema.json here, keyed by tab). */
export const instanceSettingsUiSchemas: Partial<Record<InstanceSettingsTab, UiSchema>> = uiSchemas;
