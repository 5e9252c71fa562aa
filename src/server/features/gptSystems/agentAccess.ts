/** Which agents a user may see and chat with, and their published configuration. */
import { and, desc, eq, inArray, isNotNull, isNull, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { configStates, conversations, gptSystems, pinnedGptSystems } from "../../db/chatSchema";
import { users } from "../../db/schema";
import { problem } from "../../http/problem";
import type { AuthenticatedUser } from "../../http/types";
import { allowedByChatAccessPolicies } from "../adminChatAccessPolicies/policyFilter";
import { sharedWith } from "./sharedAgents";
import { isChatConversation } from "../userConversations/conversationRepo";

export type GptSystemRow = typeof gptSystems.$inferSelect;
export type ConfigStateRow = typeof configStates.$inferSelect;

/**
 * System agents that are Active, the caller's own personal agents that are not deleted, and personal agents
 * shared with the caller (sharedAgents.ts), in every case only when the chat access policies admit the caller.
 */
function visibleTo(db: Db, user: AuthenticatedUser) {
  return and(
    or(
      and(eq(gptSystems.gptSystemType, "System"), eq(gptSystems.status, "Active")),
      and(eq(gptSystems.gptSystemType, "User"), eq(gptSystems.ownerUserId, user.userId), sql`${gptSystems.status} <> 'Deleted'`),
      sharedWith(db, user.userId),
    ),
    allowedByChatAccessPolicies(db, user.userId),
  );
}

/** Banned agents leave every list but their owner's, where they show as banned (spec §3 display state). */
const notBannedUnlessOwn = (user: AuthenticatedUser) =>
  or(isNull(gptSystems.moderationStatus), sql`${gptSystems.moderationStatus} <> 'Banned'`, eq(gptSystems.ownerUserId, user.userId));

/** The agents the caller's lists show; one with nothing published (a personal agent still in Draft) cannot answer yet. */
const listedTo = (db: Db, user: AuthenticatedUser) =>
  and(visibleTo(db, user), notBannedUnlessOwn(user), isNotNull(gptSystems.publishedConfigStateId));

export async function listVisibleAgents(db: Db, user: AuthenticatedUser, onlySystem = false): Promise<GptSystemRow[]> {
  const listed = listedTo(db, user);
  const where = onlySystem ? and(listed, eq(gptSystems.gptSystemType, "System")) : listed;
  return db.select().from(gptSystems).where(where).orderBy(gptSystems.name);
}

/** The agent when `condition` admits it, else 404 (never 403: spec'd privacy rule). */
async function agentWhere(db: Db, gptSystemId: string, condition: SQL | undefined): Promise<GptSystemRow> {
  const [agent] = await db.select().from(gptSystems).where(and(eq(gptSystems.gptSystemId, gptSystemId), condition));
  if (!agent) throw problem(404, "Not Found", "No such agent.");
  return agent;
}

/** The agent when the caller's lists may show it (listVisibleAgents), else 404: what may be pinned. */
export function getListedAgent(db: Db, user: AuthenticatedUser, gptSystemId: string): Promise<GptSystemRow> {
  return agentWhere(db, gptSystemId, listedTo(db, user));
}

/** The agent, or 404 when it does not exist or the caller may not see it. */
export function getVisibleAgent(db: Db, user: AuthenticatedUser, gptSystemId: string): Promise<GptSystemRow> {
  return agentWhere(db, gptSystemId, visibleTo(db, user));
}

/** The agent plus the configuration that answers; refuses banned agents and agents with no published configuration. */
export async function getUsableAgent(
  db: Db,
  user: AuthenticatedUser,
  gptSystemId: string,
): Promise<{ agent: GptSystemRow; config: ConfigStateRow }> {
  const agent = await getVisibleAgent(db, user, gptSystemId);
  await refuseBannedOrBlocked(db, agent);
  if (!agent.publishedConfigStateId) throw problem(409, "Conflict", "This agent has no published configuration yet.");
  const [config] = await db.select().from(configStates).where(eq(configStates.configStateId, agent.publishedConfigStateId));
  if (!config) throw problem(409, "Conflict", "This agent has no published configuration yet.");
  return { agent, config };
}

/** 403 for a banned agent, and for a blocked one (a User-type agent whose creator is banned from creating agents). */
export async function refuseBannedOrBlocked(db: Db, agent: GptSystemRow): Promise<void> {
  if (agent.moderationStatus === "Banned") throw problem(403, "Forbidden", "This agent has been banned by a moderator.");
  if (agent.gptSystemType === "User" && (await ownerIsBannedFromCreating(db, agent)))
    throw problem(403, "Forbidden", "This agent is blocked: its creator is banned from creating agents.");
}

/** Spec §6: users banned from creating agents cannot use their own agents (shown as blocked). */
async function ownerIsBannedFromCreating(db: Db, agent: GptSystemRow): Promise<boolean> {
  if (!agent.ownerUserId) return false;
  const [owner] = await db.select({ banned: users.isBannedFromCreatingAgents }).from(users).where(eq(users.userId, agent.ownerUserId));
  return owner?.banned ?? false;
}

export async function pinnedIds(db: Db, userId: string): Promise<Set<string>> {
  const rows = await db.select({ id: pinnedGptSystems.gptSystemId }).from(pinnedGptSystems).where(eq(pinnedGptSystems.userId, userId));
  return new Set(rows.map((r) => r.id));
}

/** When the caller last used each agent (their newest conversation with it, deleted ones left out). */
export async function lastUsedAt(db: Db, userId: string, ids?: string[]): Promise<Map<string, Date>> {
  const rows = await db
    .select({ id: conversations.gptSystemId, at: sql<string>`max(${conversations.updatedAt})` })
    .from(conversations)
    // A deleted conversation's use is gone with it: the user took that history away.
    .where(
      and(
        eq(conversations.userId, userId),
        isChatConversation,
        isNull(conversations.deletedAt),
        ids ? inArray(conversations.gptSystemId, ids) : undefined,
      ),
    )
    .groupBy(conversations.gptSystemId)
    .orderBy(desc(sql`max(${conversations.updatedAt})`));
  return new Map(rows.map((r) => [r.id, new Date(r.at)]));
}
