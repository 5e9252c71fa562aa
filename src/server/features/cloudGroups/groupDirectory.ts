/**
 * The identity provider's group directory (every Graph group, id → name), kept
 * a few minutes per database and Entra app, for showing names of groups that
 * the sign-in token's claim names by id only. A listing of all groups for the
 * picker refreshes it, so a group created at the provider shows up right away.
 */
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { listGraphGroups, type CloudGroup, type GraphClientOptions } from "../../identity/graphGroups";
import { graphOptions } from "./graphOptions";

/** Group names rarely change; a renamed group shows its old name at most this long. */
const DIRECTORY_TTL_MS = 5 * 60_000;

interface Directory {
  key: string;
  expiresAt: number;
  groups: Promise<CloudGroup[]>;
}

const directories = new WeakMap<Db, Directory>();

const appKey = (options: GraphClientOptions) =>
  [options.tenantId, options.clientId, options.graphBaseUrl ?? "", options.tokenUrl ?? ""].join("\n");

/** Every group (a fresh Graph listing), remembered for name lookups. */
export async function listDirectoryGroups(
  db: Db,
  options: GraphClientOptions,
  now = Date.now(),
): Promise<CloudGroup[]> {
  const groups = listGraphGroups(options);
  const entry: Directory = { key: appKey(options), expiresAt: now + DIRECTORY_TTL_MS, groups };
  directories.set(db, entry);
  // A failed listing is not remembered: the next lookup asks Graph again.
  groups.catch(() => {
    if (directories.get(db) === entry) directories.delete(db);
  });
  return groups;
}

type GraphConfig = Pick<Config, "entraIdClientSecret" | "graphBaseUrl" | "entraIdTokenUrl">;

/**
 * The groups by id, from the remembered directory (listed again when stale).
 * Empty when Entra ID is not configured; a Graph failure rejects.
 */
export async function directoryGroups(db: Db, config: GraphConfig, now = Date.now()): Promise<Map<string, CloudGroup>> {
  const options = await graphOptions(db, config);
  if (!options) return new Map();
  const cached = directories.get(db);
  const groups =
    cached && cached.key === appKey(options) && cached.expiresAt > now
      ? await cached.groups
      : await listDirectoryGroups(db, options, now);
  return new Map(groups.map((group) => [group.id, group]));
}
