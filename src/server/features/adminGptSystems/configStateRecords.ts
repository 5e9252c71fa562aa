/** Agent configuration states as AdminConfigState records. */
import { desc, eq } from "drizzle-orm";
import type { components } from "../../../generated/api";
import { notFound } from "../../admin/context";
import type { Db } from "../../db/client";
import { configStates, gptSystems } from "../../db/chatSchema";
import type { ConfigStateRow, GptSystemRow } from "../gptSystems/agentAccess";

export type AdminConfigState = components["schemas"]["AdminConfigState"];
type Queryable = Pick<Db, "select">;

export function toAdminConfigState(
  row: ConfigStateRow,
  agent: Pick<GptSystemRow, "name" | "publishedConfigStateId">,
): AdminConfigState {
  return {
    configStateId: row.configStateId,
    gptSystemId: row.gptSystemId,
    gptSystemName: agent.name,
    configStateType: row.configStateType === "User" ? "User" : "System",
    version: row.version,
    isPublished: agent.publishedConfigStateId === row.configStateId,
    systemPrompt: row.systemPrompt,
    introduction: row.introduction,
    temperature: row.temperature,
    topP: row.topP,
    frequencyPenalty: row.frequencyPenalty,
    maxTokens: row.maxTokens,
    languageEngine: row.languageEngine,
    deploymentName: row.deploymentName,
    capabilityTypes: row.capabilityTypes as AdminConfigState["capabilityTypes"],
    restrictAnswerToInformationReturnedByTools: row.restrictAnswerToInformationReturnedByTools,
    dataSources: row.dataSources,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The configuration and its agent, or 404. */
export async function loadConfigState(
  db: Queryable,
  configStateId: string,
): Promise<{ state: ConfigStateRow; agent: GptSystemRow }> {
  const [row] = await db
    .select({ state: configStates, agent: gptSystems })
    .from(configStates)
    .innerJoin(gptSystems, eq(gptSystems.gptSystemId, configStates.gptSystemId))
    .where(eq(configStates.configStateId, configStateId));
  return row ?? notFound("configuration");
}

export async function configStatesOf(db: Queryable, gptSystemId: string): Promise<ConfigStateRow[]> {
  return db
    .select()
    .from(configStates)
    .where(eq(configStates.gptSystemId, gptSystemId))
    .orderBy(desc(configStates.version));
}
