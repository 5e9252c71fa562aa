/** Reads what agentConfigurationWarnings needs about a saved configuration: its deployment and its data sources. */
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { connections } from "../../db/chatSchema";
import { availableDeployments } from "../adminGptSystems/engines";
import { LOCAL_ENGINE } from "../gptSystems/modelForConfig";
import { listDataSourceRecords } from "../dataSources/dataSourceRecords";
import { agentConfigurationWarnings } from "./agentConfigurationWarnings";
import type { Warning } from "./warning";

export interface SavedConfiguration {
  languageEngine: string;
  deploymentName: string;
  capabilityTypes: readonly string[];
  dataSources: readonly string[];
  temperature?: number | null;
  topP?: number | null;
  frequencyPenalty?: number | null;
}

async function dataSourceStatuses(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return [];
  const { rows } = await listDataSourceRecords(db, {
    sort: { field: "name", order: "ASC" },
    offset: 0,
    limit: ids.length,
    filter: { id: [...ids] },
  });
  // The record always rolls its files up into a status; the schema only marks it optional as readOnly.
  return rows.map(({ name, status }) => ({ name, status: status ?? "Online" }));
}

/** Called after the save has committed: the deployments and data sources it reads are not changed by it. */
export async function savedConfigurationWarnings(db: Db, config: SavedConfiguration): Promise<Warning[]> {
  const deployment = (await availableDeployments(db)).find(
    (d) => d.languageEngine === config.languageEngine && d.deploymentName === config.deploymentName,
  );
  // The built-in engine has no connection (and its name is no connection id).
  const [connection] =
    deployment && deployment.languageEngine !== LOCAL_ENGINE
      ? await db
          .select({ providerType: connections.providerType })
          .from(connections)
          .where(eq(connections.connectionId, deployment.languageEngine))
      : [];
  const { temperature, topP, frequencyPenalty } = config;
  return agentConfigurationWarnings({
    capabilityTypes: config.capabilityTypes,
    deployment: deployment && { ...deployment, providerType: connection?.providerType },
    sampling: { temperature, topP, frequencyPenalty },
    dataSources: await dataSourceStatuses(db, config.dataSources),
  });
}
