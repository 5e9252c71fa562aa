/**
 * First start for the chat: model connections from the environment and one
 * System agent named `Assistant`, bound to the first seeded model or to the
 * built-in `local` engine. Idempotent: does nothing once any agent exists.
 */
import { eq } from "drizzle-orm";
import type { Config } from "./config";
import type { Db } from "./db/client";
import { configStates, connections, deployments, gptSystems } from "./db/chatSchema";
import { EMBEDDING_SETTING } from "./embeddings/embeddingModel";
import { LOCAL_ENGINE } from "./features/gptSystems/modelForConfig";
import { instanceSettings } from "./db/schema";
import { secretBoxFor } from "./security/secretBoxFor";

export const DEFAULT_AGENT_NAME = "Assistant";

const ASSISTANT_PROMPT =
  "You are a helpful, accurate assistant for the staff of this organization. Answer clearly, use Markdown where it helps, and say so when you are not sure.";
const ASSISTANT_INTRODUCTION = "Hello! I'm your assistant. Ask me anything to get started.";

export async function seedChat(db: Db, config: Pick<Config, "modelSeeds" | "encryptionKey">): Promise<void> {
  const existing = await db.select({ id: gptSystems.gptSystemId }).from(gptSystems).limit(1);
  if (existing.length > 0) return;
  const secrets = secretBoxFor(config);
  await db.transaction(async (tx) => {
    let engine = { languageEngine: LOCAL_ENGINE, deploymentName: LOCAL_ENGINE };
    for (const seed of config.modelSeeds) {
      const [connection] = await tx
        .insert(connections)
        .values({
          name: seed.name,
          providerType: seed.providerType,
          baseUrl: seed.baseUrl,
          encryptedApiKey: seed.apiKey ? secrets.encrypt(seed.apiKey) : null,
        })
        .returning();
      await tx.insert(deployments).values({
        connectionId: connection!.connectionId,
        deploymentName: seed.model,
        displayName: seed.model,
        // Current OpenAI, Azure and Anthropic chat models accept images; compatible servers vary.
        supportsVision: seed.providerType !== "openaiCompatible",
      });
      if (seed.embeddingModel && seed.embeddingModel !== seed.model) {
        const [embedding] = await tx
          .insert(deployments)
          .values({ connectionId: connection!.connectionId, deploymentName: seed.embeddingModel, displayName: seed.embeddingModel })
          .returning();
        await tx
          .insert(instanceSettings)
          .values({ key: EMBEDDING_SETTING, value: { deploymentId: embedding!.deploymentId } })
          .onConflictDoNothing();
      }
      if (engine.languageEngine === LOCAL_ENGINE) engine = { languageEngine: connection!.connectionId, deploymentName: seed.model };
    }
    const [agent] = await tx
      .insert(gptSystems)
      .values({
        name: DEFAULT_AGENT_NAME,
        description: "A general-purpose assistant.",
        gptSystemType: "System",
        status: "Active",
      })
      .returning();
    const [state] = await tx
      .insert(configStates)
      .values({
        gptSystemId: agent!.gptSystemId,
        configStateType: "System",
        version: 1,
        systemPrompt: ASSISTANT_PROMPT,
        introduction: ASSISTANT_INTRODUCTION,
        ...engine,
      })
      .returning();
    await tx.update(gptSystems).set({ publishedConfigStateId: state!.configStateId }).where(eq(gptSystems.gptSystemId, agent!.gptSystemId));
  });
}
