/** Turns an agent's configuration into a ready provider: the connection's key is decrypted only here. */
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { connections, deployments } from "../../db/chatSchema";
import { createProvider } from "../../llm";
import { createLocalEngine } from "../../llm/localEngine";
import type { ModelProvider, ProviderType } from "../../llm/types";
import type { SecretBox } from "../../security/secretBox";
import type { ConfigStateRow } from "./agentAccess";

export const LOCAL_ENGINE = "local";

export interface ResolvedModel {
  provider: ModelProvider;
  languageEngine: string;
  deploymentName: string;
  supportsVision: boolean;
}

export async function modelForConfig(db: Db, secrets: SecretBox, config: ConfigStateRow): Promise<ResolvedModel> {
  if (config.languageEngine === LOCAL_ENGINE)
    return { provider: createLocalEngine(), languageEngine: LOCAL_ENGINE, deploymentName: LOCAL_ENGINE, supportsVision: false };
  const [connection] = await db.select().from(connections).where(eq(connections.connectionId, config.languageEngine));
  // A deleted connection leaves the agent answering with the local engine's explanation rather than a 500.
  if (!connection)
    return { provider: createLocalEngine(), languageEngine: LOCAL_ENGINE, deploymentName: LOCAL_ENGINE, supportsVision: false };
  const [deployment] = await db
    .select()
    .from(deployments)
    .where(and(eq(deployments.connectionId, connection.connectionId), eq(deployments.deploymentName, config.deploymentName)));
  const provider = createProvider({
    providerType: connection.providerType as ProviderType,
    baseUrl: connection.baseUrl,
    apiVersion: connection.apiVersion,
    apiKey: connection.encryptedApiKey ? secrets.decrypt(connection.encryptedApiKey) : undefined,
  });
  return {
    provider,
    languageEngine: connection.connectionId,
    deploymentName: config.deploymentName,
    supportsVision: deployment?.supportsVision ?? false,
  };
}
