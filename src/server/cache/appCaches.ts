/**
 * The caches that keep the database off the path from a question to the model
 * call: who the caller is (user, roles, actions), which agent and published
 * configuration answer them (access policies included), the ready model client,
 * and instance settings. One set per database; every committed write to a table
 * they read clears them all at once (writeWatch.ts), so a role change, a revoked
 * access or a newly published configuration applies to the very next request.
 * Such writes are administrative and rare: clearing everything keeps it simple.
 */
import { getTableName } from "drizzle-orm";
import type { Database } from "../db/client";
import { chatAccessPolicies, chatAccessPolicyAgents, chatAccessPolicyPrincipals, userGroups } from "../db/adminSchema";
import { configStates, connections, deployments, gptSystems } from "../db/chatSchema";
import { instanceSettings, userRoleAssignments, userRoles, users } from "../db/schema";
import type { ConfigStateRow, GptSystemRow } from "../features/gptSystems/agentAccess";
import type { ResolvedModel } from "../features/gptSystems/modelForConfig";
import type { Action } from "../http/types";
import { KeyedCache } from "./keyedCache";
import { watchCommittedWrites, writesTo } from "./writeWatch";

/** Only another process's writes (a second server on the same PostgreSQL) can make an entry this stale. */
const TTL_MS = 10_000;
const MAX_ENTRIES = 10_000;

/** Every table whose rows the cached values are made of. */
export const CACHED_TABLES = [
  users,
  userRoles,
  userRoleAssignments,
  userGroups,
  gptSystems,
  configStates,
  connections,
  deployments,
  chatAccessPolicies,
  chatAccessPolicyAgents,
  chatAccessPolicyPrincipals,
  instanceSettings,
].map((table) => getTableName(table));

export interface CachedUser {
  userId: string;
  userName: string;
  displayName: string;
  isDisabled: boolean;
  /** Epoch milliseconds: product tokens issued before it are refused, but keptTokenId (users.tokens_valid_after). */
  tokensValidAfter: number | null;
  keptTokenId: string | null;
  actions: ReadonlySet<Action>;
}

export interface UsableAgent {
  agent: GptSystemRow;
  config: ConfigStateRow;
}

export interface AppCaches {
  /** By user id; null: no such user. */
  users: KeyedCache<CachedUser | null>;
  /** By `${userId}:${gptSystemId}`: the access policies are per user. */
  usableAgents: KeyedCache<UsableAgent>;
  /** By `${languageEngine}:${deploymentName}`. */
  models: KeyedCache<ResolvedModel>;
  /** By instance_settings key. */
  settings: KeyedCache<unknown>;
  clear(): void;
}

const byDatabase = new WeakMap<Database, AppCaches>();

function createCaches(): AppCaches {
  const options = { ttlMs: TTL_MS, maxEntries: MAX_ENTRIES };
  const caches = {
    users: new KeyedCache<CachedUser | null>(options),
    usableAgents: new KeyedCache<UsableAgent>(options),
    models: new KeyedCache<ResolvedModel>(options),
    settings: new KeyedCache<unknown>(options),
    clear() {
      caches.users.clear();
      caches.usableAgents.clear();
      caches.models.clear();
      caches.settings.clear();
    },
  };
  return caches;
}

/** The database's caches; the first call starts watching its writes (nothing is cached before that). */
export function cachesFor(database: Database): AppCaches {
  let caches = byDatabase.get(database);
  if (!caches) {
    const created = createCaches();
    watchCommittedWrites(database, writesTo(CACHED_TABLES), () => created.clear());
    byDatabase.set(database, created);
    caches = created;
  }
  return caches;
}
