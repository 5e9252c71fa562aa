/** Connections as AdminConnection records (the key only masked), lookups that 404, the list query. */
import { and, asc, count, desc, eq, gt, ilike, inArray, ne, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { components } from "../../../generated/api";
import { notFound } from "../../admin/context";
import { FilterReader, likePattern } from "../../admin/filters";
import type { ListRequest, ListSpec } from "../../admin/listQuery";
import type { Db } from "../../db/client";
import { configStates, connections, deployments, gptSystems } from "../../db/chatSchema";
import { maskSecret, type SecretBox } from "../../security/secretBox";

export type AdminConnection = components["schemas"]["AdminConnection"];
export type ConnectionRow = typeof connections.$inferSelect;
type Queryable = Pick<Db, "select">;

export const PROVIDER_TYPES = ["openai", "azureOpenAI", "openaiCompatible", "anthropic"] as const;

function masked(secrets: SecretBox, sealed: string | null): string {
  if (!sealed) return "";
  try {
    return maskSecret(secrets.decrypt(sealed));
  } catch {
    // Sealed with another ENCRYPTION_KEY: the key exists but cannot be shown even masked.
    return "••••";
  }
}

export function toAdminConnection(row: ConnectionRow, deploymentCount: number, secrets: SecretBox): AdminConnection {
  return {
    connectionId: row.connectionId,
    name: row.name,
    providerType: row.providerType as AdminConnection["providerType"],
    baseUrl: row.baseUrl,
    apiVersion: row.apiVersion,
    apiKeyMasked: masked(secrets, row.encryptedApiKey),
    deploymentCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const deploymentCount = (db: Queryable) =>
  db.select({ connectionId: deployments.connectionId, n: count() }).from(deployments).groupBy(deployments.connectionId);

async function countsFor(db: Queryable, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await deploymentCount(db).where(inArray(deployments.connectionId, ids));
  return new Map(rows.map((r) => [r.connectionId, r.n]));
}

export async function loadConnection(db: Queryable, connectionId: string): Promise<ConnectionRow> {
  const [row] = await db.select().from(connections).where(eq(connections.connectionId, connectionId));
  return row ?? notFound("connection");
}

export async function adminConnection(
  db: Queryable,
  connectionId: string,
  secrets: SecretBox,
): Promise<AdminConnection> {
  const row = await loadConnection(db, connectionId);
  return toAdminConnection(row, (await countsFor(db, [connectionId])).get(connectionId) ?? 0, secrets);
}

export const connectionListSpec: ListSpec = {
  sortFields: ["name", "providerType", "createdAt", "updatedAt"],
  defaultSort: ["name", "ASC"],
  filters: ["q", "providerType"],
};
const sortColumns = {
  name: connections.name,
  providerType: connections.providerType,
  createdAt: connections.createdAt,
  updatedAt: connections.updatedAt,
};

export async function listAdminConnections(db: Db, request: ListRequest, secrets: SecretBox) {
  const f = new FilterReader(request.filter);
  const ids = f.ids();
  const q = f.string("q");
  const providerType = f.oneOf("providerType", PROVIDER_TYPES);
  f.done();
  const where: SQL | undefined = and(
    ids ? inArray(connections.connectionId, ids) : undefined,
    q ? ilike(connections.name, likePattern(q)) : undefined,
    providerType ? eq(connections.providerType, providerType) : undefined,
  );
  const column = sortColumns[request.sort.field as keyof typeof sortColumns];
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(connections).where(where);
  const rows = await db
    .select()
    .from(connections)
    .where(where)
    .orderBy(request.sort.order === "ASC" ? asc(column) : desc(column), asc(connections.connectionId))
    .offset(request.offset)
    .limit(request.limit);
  const counts = await countsFor(
    db,
    rows.map((r) => r.connectionId),
  );
  return { total, rows: rows.map((r) => toAdminConnection(r, counts.get(r.connectionId) ?? 0, secrets)) };
}

/**
 * Names of the live agents whose published configuration, or a draft newer than it, uses the
 * connection (and deployment, when given): a draft whose engine went away would answer its test
 * chat with the built-in engine, and could not be published.
 */
export async function agentsUsing(db: Queryable, connectionId: string, deploymentName?: string): Promise<string[]> {
  const published = alias(configStates, "published");
  const rows = await db
    .select({ name: gptSystems.name })
    .from(gptSystems)
    .innerJoin(configStates, eq(configStates.gptSystemId, gptSystems.gptSystemId))
    .leftJoin(published, eq(published.configStateId, gptSystems.publishedConfigStateId))
    .where(
      and(
        ne(gptSystems.status, "Deleted"),
        or(
          eq(configStates.configStateId, gptSystems.publishedConfigStateId),
          gt(configStates.version, sql`coalesce(${published.version}, 0)`),
        ),
        eq(configStates.languageEngine, connectionId),
        deploymentName === undefined ? undefined : eq(configStates.deploymentName, deploymentName),
      ),
    )
    .orderBy(asc(gptSystems.name));
  // An agent whose published configuration and draft both use it is named once.
  return [...new Set(rows.map((r) => r.name))];
}
