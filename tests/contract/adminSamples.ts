/** Contract samples for the admin API, on objects the fixture makes once through the API itself. */
import { TEST_ADMIN, type TestApp } from "../helpers/buildTestApp";
import { adminAccessSamples } from "./adminAccessSamples";
import { adminAgentSamples } from "./adminAgentSamples";
import type { AdminFixture } from "./adminSampleKit";
import { adminSettingsSamples } from "./adminSettingsSamples";

export type { AdminFixture } from "./adminSampleKit";

export async function createAdminFixture(t: TestApp): Promise<AdminFixture> {
  const headers = { authorization: `Bearer ${await t.tokenFor(TEST_ADMIN.userName)}` };
  const post = async (url: string, payload?: object) =>
    (
      await t.app.inject({ method: "POST", url: `/api/internal/admin${url}`, headers, ...(payload ? { payload } : {}) })
    ).json();
  const agent = await post("/gptSystems", { name: "Contract admin agent" });
  const first = (
    await t.app.inject({ url: `/api/internal/admin/gptSystems/${agent.gptSystemId}/configStates`, headers })
  ).json()[0];
  await post(`/gptSystems/${agent.gptSystemId}/publish`, { configStateId: first.configStateId });
  const draft = await post(`/gptSystems/${agent.gptSystemId}/configStates`);
  const prompt = await post(`/gptSystems/${agent.gptSystemId}/prompts`, { title: "Start", prompt: "Hello" });
  const connection = await post("/Connections", {
    name: "Contract connection",
    providerType: "openaiCompatible",
    baseUrl: "http://127.0.0.1:9/v1",
    apiKey: "sk-contract-secret",
  });
  const deployment = await post(`/Connections/${connection.connectionId}/deployments`, { deploymentName: "model-a" });
  const role = await post("/userRoles", { name: "Contract role", actions: ["BrandsRead"] });
  const user = await post("/users", {
    userName: "contract-user",
    displayName: "Contract User",
    password: "contract password 1",
  });
  const policy = await post("/chatAccessPolicies", {
    name: "Contract policy",
    gptSystemIds: [agent.gptSystemId],
    userRoleIds: [role.userRoleId],
    isEnabled: false,
  });
  await post("/brands", { brandKey: "contract-brand", name: "Contract brand" });
  const [entry] = (await t.app.inject({ url: "/api/internal/admin/auditLogging?range=%5B0%2C0%5D", headers })).json();
  return {
    auditLogId: entry.auditLogId,
    userRoleId: role.userRoleId,
    userId: user.userId,
    chatAccessPolicyId: policy.chatAccessPolicyId,
    adminGptSystemId: agent.gptSystemId,
    publishedConfigStateId: first.configStateId,
    draftConfigStateId: draft.configStateId,
    adminPromptId: prompt.promptId,
    connectionId: connection.connectionId,
    deploymentId: deployment.deploymentId,
  };
}

export const adminSamples = [...adminAgentSamples, ...adminAccessSamples, ...adminSettingsSamples];
