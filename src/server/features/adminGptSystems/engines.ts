/** Which language engines and deployments a configuration may name. */
import { and, asc, eq } from "drizzle-orm";
import type { components } from "../../../generated/api";
import type { FieldErrors } from "../../http/problem";
import type { Db } from "../../db/client";
import { connections, deployments } from "../../db/chatSchema";
import { LOCAL_ENGINE } from "../gptSystems/modelForConfig";

type Queryable = Pick<Db, "select">;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Field errors for an engine + deployment pair; empty when the pair exists. */
export async function engineErrors(
  db: Queryable,
  languageEngine: string,
  deploymentName: string,
): Promise<FieldErrors> {
  if (languageEngine === LOCAL_ENGINE)
    return deploymentName === LOCAL_ENGINE ? {} : { deploymentName: ["must be local with the local engine"] };
  if (!UUID.test(languageEngine)) return { languageEngine: ['must be a connection id or "local"'] };
  const [connection] = await db
    .select({ id: connections.connectionId })
    .from(connections)
    .where(eq(connections.connectionId, languageEngine));
  if (!connection) return { languageEngine: ["is not a connection"] };
  const [deployment] = await db
    .select({ id: deployments.deploymentId })
    .from(deployments)
    .where(and(eq(deployments.connectionId, languageEngine), eq(deployments.deploymentName, deploymentName)));
  return deployment ? {} : { deploymentName: ["is not a deployment of this connection"] };
}

export async function availableDeployments(db: Db): Promise<components["schemas"]["AvailableDeployment"][]> {
  const rows = await db
    .select({ connection: connections, deployment: deployments })
    .from(deployments)
    .innerJoin(connections, eq(connections.connectionId, deployments.connectionId))
    .orderBy(asc(connections.name), asc(deployments.displayName));
  return [
    {
      languageEngine: LOCAL_ENGINE,
      connectionName: "Built-in",
      deploymentName: LOCAL_ENGINE,
      displayName: "Local engine (no language model)",
      supportsVision: false,
    },
    ...rows.map(({ connection, deployment }) => ({
      languageEngine: connection.connectionId,
      connectionName: connection.name,
      deploymentName: deployment.deploymentName,
      displayName: deployment.displayName,
      supportsVision: deployment.supportsVision,
    })),
  ];
}
