/**
 * Microsoft Graph groups (spec §7: GET groups with a bearer token, following
 * nextLink paging, mapping id, displayName, description). The bearer token comes
 * from the Entra app's client credentials.
 */
export interface CloudGroup {
  id: string;
  displayName: string;
  description: string;
}

export interface GraphClientOptions {
  tenantId: string;
  clientId: string;
  clientSecret: string;
  /** Default https://login.microsoftonline.com/<tenant>/oauth2/v2.0/token. */
  tokenUrl?: string;
  /** Default https://graph.microsoft.com/v1.0. */
  graphBaseUrl?: string;
  fetch?: typeof fetch;
}

export class GraphError extends Error {}

/** Graph answers at most 999 a page; a runaway nextLink chain stops here. */
const MAX_PAGES = 500;

async function appToken(options: GraphClientOptions, doFetch: typeof fetch): Promise<string> {
  const url =
    options.tokenUrl ?? `https://login.microsoftonline.com/${encodeURIComponent(options.tenantId)}/oauth2/v2.0/token`;
  const response = await doFetch(url, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "client_credentials",
      client_id: options.clientId,
      client_secret: options.clientSecret,
      scope: "https://graph.microsoft.com/.default",
    }),
  });
  const body = (await response.json().catch(() => ({}))) as { access_token?: unknown };
  if (!response.ok || typeof body.access_token !== "string")
    throw new GraphError(`token endpoint answered ${response.status}`);
  return body.access_token;
}

const text = (value: unknown) => (typeof value === "string" ? value : "");

/** Every group of every page (`@odata.nextLink` followed to the end), mapped to id, displayName, description. */
export async function graphGroupPages(options: GraphClientOptions, firstPath: string): Promise<CloudGroup[]> {
  const doFetch = options.fetch ?? fetch;
  const token = await appToken(options, doFetch);
  const base = (options.graphBaseUrl ?? "https://graph.microsoft.com/v1.0").replace(/\/+$/, "");
  const groups: CloudGroup[] = [];
  let next: string | undefined = `${base}${firstPath}`;
  for (let page = 0; next; page++) {
    if (page >= MAX_PAGES) throw new GraphError("too many pages");
    const response: Response = await doFetch(next, {
      headers: { authorization: `Bearer ${token}`, accept: "application/json" },
    });
    if (!response.ok) throw new GraphError(`Graph answered ${response.status}`);
    const body = (await response.json()) as { value?: unknown[]; "@odata.nextLink"?: unknown };
    for (const item of body.value ?? []) {
      const entry = item as Record<string, unknown>;
      // memberOf also lists directory roles: keep groups only.
      if (entry["@odata.type"] !== undefined && entry["@odata.type"] !== "#microsoft.graph.group") continue;
      if (typeof entry.id === "string")
        groups.push({ id: entry.id, displayName: text(entry.displayName), description: text(entry.description) });
    }
    next = typeof body["@odata.nextLink"] === "string" ? body["@odata.nextLink"] : undefined;
  }
  return groups;
}

/** Sorted by displayName ascending (spec §3), then id. */
export function sortGroups(groups: CloudGroup[]): CloudGroup[] {
  return [...groups].sort((a, b) => a.displayName.localeCompare(b.displayName) || a.id.localeCompare(b.id));
}

export const listGraphGroups = async (options: GraphClientOptions) =>
  sortGroups(await graphGroupPages(options, "/groups?$select=id,displayName,description&$top=999"));

/** A user's groups (transitive), when the token's groups claim overflowed. */
export const listGraphUserGroups = async (options: GraphClientOptions, userObjectId: string) =>
  sortGroups(
    await graphGroupPages(
      options,
      `/users/${encodeURIComponent(userObjectId)}/transitiveMemberOf?$select=id,displayName,description&$top=999`,
    ),
  );
