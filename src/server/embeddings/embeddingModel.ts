/**
 * Which deployment embeds: the instance's default embedding setting (the apiKeys
 * tab's embeddingDeploymentId), resolved to the deployment's connection with its
 * key decrypted. A model's key names the deployment and its model name, so
 * choosing another deployment (or renaming it) makes stored vectors stale.
 */
import { asc, eq, ne } from "drizzle-orm";
import type { Db } from "../db/client";
import { connections, deployments } from "../db/chatSchema";
import { instanceSettings } from "../db/schema";
import { problem, type FieldErrors } from "../http/problem";
import type { ConnectionSettings, ProviderType } from "../llm/types";
import type { SecretBox } from "../security/secretBox";
import { connectionKey } from "../llm/connectionKey";

export const EMBEDDING_SETTING = "embedding";

export interface EmbeddingSetting {
  deploymentId: string | null;
}

export interface EmbeddingModel {
  /** Stored beside the vectors (indexing_jobs.embedding_model): vectors of another key are never compared. */
  key: string;
  /** The model, or the Azure deployment, to ask. */
  deploymentName: string;
  connection: ConnectionSettings;
}

type Queryable = Pick<Db, "select">;

export const embeddingModelKey = (deploymentId: string, deploymentName: string) => `${deploymentId}:${deploymentName}`;

export async function readEmbeddingSetting(db: Queryable): Promise<EmbeddingSetting> {
  const [row] = await db
    .select({ value: instanceSettings.value })
    .from(instanceSettings)
    .where(eq(instanceSettings.key, EMBEDDING_SETTING));
  const value = row?.value as Partial<EmbeddingSetting> | undefined;
  return { deploymentId: value?.deploymentId ?? null };
}

async function deploymentWithConnection(db: Queryable, deploymentId: string) {
  const [row] = await db
    .select({ deployment: deployments, connection: connections })
    .from(deployments)
    .innerJoin(connections, eq(connections.connectionId, deployments.connectionId))
    .where(eq(deployments.deploymentId, deploymentId));
  return row;
}

/**
 * Refuses (409) to remove the instance's embedding deployment, alone or with its connection: file search
 * would lose its vectors silently, and the settings would name a deployment that no longer exists.
 */
export async function refuseRemovingEmbeddingDeployment(
  db: Queryable,
  where: { connectionId: string; deploymentId?: string },
): Promise<void> {
  const { deploymentId } = await readEmbeddingSetting(db);
  if (!deploymentId || (where.deploymentId !== undefined && where.deploymentId !== deploymentId)) return;
  const row = await deploymentWithConnection(db, deploymentId);
  if (row?.connection.connectionId !== where.connectionId) return;
  throw problem(
    409,
    "Conflict",
    `${where.deploymentId ? "The deployment" : "The connection's deployment"} ${row.deployment.deploymentName} is the instance's embedding deployment (Instance settings › API keys). Choose another one there first.`,
  );
}

/** Why a deployment cannot embed (keyed by the settings field), or null when it can. */
export async function embeddingDeploymentErrors(
  db: Queryable,
  field: string,
  deploymentId: string,
): Promise<FieldErrors | null> {
  const row = await deploymentWithConnection(db, deploymentId);
  if (!row) return { [field]: ["must name an existing deployment"] };
  // Anthropic offers no embeddings API; only OpenAI-protocol connections can embed.
  if (row.connection.providerType === "anthropic")
    return { [field]: ["must be an OpenAI, Azure OpenAI or OpenAI-compatible deployment (Anthropic has no embeddings)"] };
  return null;
}

/** The configured embedding model, or null when none is set (or its deployment is gone or cannot embed). */
export async function currentEmbeddingModel(db: Queryable, secrets: SecretBox): Promise<EmbeddingModel | null> {
  const { deploymentId } = await readEmbeddingSetting(db);
  if (!deploymentId) return null;
  const row = await deploymentWithConnection(db, deploymentId);
  if (!row || row.connection.providerType === "anthropic") return null;
  return {
    key: embeddingModelKey(row.deployment.deploymentId, row.deployment.deploymentName),
    deploymentName: row.deployment.deploymentName,
    connection: {
      providerType: row.connection.providerType as ProviderType,
      baseUrl: row.connection.baseUrl,
      apiVersion: row.connection.apiVersion,
      apiKey: connectionKey(secrets, row.connection.encryptedApiKey),
    },
  };
}

/** The deployments that can embed, for the setting's picker: "connection — deployment". */
export async function embeddingDeploymentChoices(db: Queryable): Promise<{ deploymentId: string; label: string }[]> {
  const rows = await db
    .select({ deploymentId: deployments.deploymentId, connection: connections.name, deployment: deployments.displayName })
    .from(deployments)
    .innerJoin(connections, eq(connections.connectionId, deployments.connectionId))
    .where(ne(connections.providerType, "anthropic"))
    .orderBy(asc(connections.name), asc(deployments.displayName));
  return rows.map((r) => ({ deploymentId: r.deploymentId, label: `${r.connection} — ${r.deployment}` }));
}
