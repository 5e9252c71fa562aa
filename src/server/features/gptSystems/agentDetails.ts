/** What the chat shows about an agent: its introduction, capabilities and suggested prompts. */
import { asc, eq } from "drizzle-orm";
import type { components } from "../../../generated/api";
import type { Db } from "../../db/client";
import { configStates, gptSystemPrompts } from "../../db/chatSchema";
import type { HandlerContext } from "../../http/types";
import { secretBoxFor } from "../../security/secretBoxFor";
import type { GptSystemRow } from "./agentAccess";
import { LOCAL_ENGINE, modelForConfig } from "./modelForConfig";

type Schemas = components["schemas"];

export async function detailsForConversation(ctx: HandlerContext, agent: GptSystemRow): Promise<Schemas["GptSystemDetailsForConversation"]> {
  const db = ctx.deps.database.db;
  const [config] = agent.publishedConfigStateId
    ? await db.select().from(configStates).where(eq(configStates.configStateId, agent.publishedConfigStateId))
    : [];
  const model = config ? await modelForConfig(db, secretBoxFor(ctx.deps.config), config) : undefined;
  return {
    gptSystemId: agent.gptSystemId,
    name: agent.name,
    description: agent.description,
    gptSystemType: agent.gptSystemType === "User" ? "User" : "System",
    introduction: config?.introduction ?? "",
    capabilityTypes: (config?.capabilityTypes ?? []) as Schemas["CapabilityType"][],
    supportsVision: model?.supportsVision ?? false,
    deploymentName: model?.deploymentName ?? LOCAL_ENGINE,
    languageEngine: model?.languageEngine ?? LOCAL_ENGINE,
  };
}

export async function promptsForConversation(db: Db, gptSystemId: string): Promise<Schemas["GptSystemPrompt"][]> {
  const rows = await db
    .select()
    .from(gptSystemPrompts)
    .where(eq(gptSystemPrompts.gptSystemId, gptSystemId))
    .orderBy(asc(gptSystemPrompts.position), asc(gptSystemPrompts.title));
  return rows.map((r) => ({ promptId: r.promptId, title: r.title, prompt: r.prompt }));
}
