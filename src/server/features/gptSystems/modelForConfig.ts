/** Turns an agent's configuration into a ready provider: the connection's key is decrypted only here. */
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { connections, deployments } from "../../db/chatSchema";
import { createProvider } from "../../llm";
import { createLocalEngine } from "../../llm/localEngine";
import { ModelProviderError, type ModelProvider, type ProviderType } from "../../llm/types";
import { connectionKey } from "../../llm/connectionKey";
import type { SecretBox } from "../../security/secretBox";
import type { ConfigStateRow } from "./agentAccess";

export const LOCAL_ENGINE = "local";

export interface ResolvedModel {
  provider: ModelProvider;
  languageEngine: string;
  deploymentName: string;
  supportsVision: boolean;
}

/** A provider whose every answer fails with `error`: the question is still stored, and the answer says why. */
function failingProvider(type: ProviderType, error: ModelProviderError): ModelProvider {
  return {
    type,
    // eslint-disable-next-line require-yield
    async *stream() {
      throw error;
    },
  };
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
  const providerType = connection.providerType as ProviderType;
  let provider: ModelProvider;
  try {
    const apiKey = connectionKey(secrets, connection.encryptedApiKey);
    provider = createProvider({ providerType, baseUrl: connection.baseUrl, apiVersion: connection.apiVersion, apiKey });
  } catch (error) {
    if (!(error instanceof ModelProviderError)) throw error;
    provider = failingProvider(providerType, error);
  }
  return {
    provider,
    languageEngine: connection.connectionId,
    deploymentName: config.deploymentName,
    supportsVision: deployment?.supportsVision ?? false,
  };
}
