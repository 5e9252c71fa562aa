/** Graph client options from the instance's Entra ID settings and the server's config; null when not configured. */
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import type { GraphClientOptions } from "../../identity/graphGroups";
import { readEntraIdSettings } from "../authorization/entraIdToken";

export async function graphOptions(
  db: Db,
  config: Pick<Config, "entraIdClientSecret" | "graphBaseUrl" | "entraIdTokenUrl">,
): Promise<GraphClientOptions | null> {
  const settings = await readEntraIdSettings(db);
  if (!settings || !config.entraIdClientSecret) return null;
  return {
    tenantId: settings.tenantId,
    clientId: settings.clientId,
    clientSecret: config.entraIdClientSecret,
    graphBaseUrl: config.graphBaseUrl,
    tokenUrl:
      config.entraIdTokenUrl ??
      `${settings.instance.replace(/\/+$/, "")}/${encodeURIComponent(settings.tenantId)}/oauth2/v2.0/token`,
  };
}
