/**
 * The caller's own personal agents and their configuration states. Anyone
 * else's agent answers 404 (never 403), as every object the caller may not see.
 */
import { and, desc, eq, gt, isNotNull, isNull, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { components } from "../../../generated/api";
import type { Db } from "../../db/client";
import { configStates, gptSystems, pinnedGptSystems } from "../../db/chatSchema";
import { users } from "../../db/schema";
import { problem } from "../../http/problem";
import type { AuthenticatedUser } from "../../http/types";
import type { ConfigStateRow, GptSystemRow } from "../gptSystems/agentAccess";

type Queryable = Pick<Db, "select">;
export type PersonalConfigState = components["schemas"]["PersonalConfigState"];

const notFound = () => problem(404, "Not Found", "No such personal agent.");

/** Owned by the caller, type User, not deleted. */
function ownedBy(user: AuthenticatedUser) {
  return and(
    eq(gptSystems.gptSystemType, "User"),
    eq(gptSystems.ownerUserId, user.userId),
    sql`${gptSystems.status} <> 'Deleted'`,
  );
}

export async function loadOwnAgent(db: Queryable, user: AuthenticatedUser, gptSystemId: string): Promise<GptSystemRow> {
  const [agent] = await db
    .select()
    .from(gptSystems)
    .where(and(eq(gptSystems.gptSystemId, gptSystemId), ownedBy(user)));
  if (!agent) throw notFound();
  return agent;
}

export async function loadOwnConfigState(
  db: Queryable,
  user: AuthenticatedUser,
  configStateId: string,
): Promise<{ state: ConfigStateRow; agent: GptSystemRow }> {
  const [row] = await db
    .select({ state: configStates, agent: gptSystems })
    .from(configStates)
    .innerJoin(gptSystems, eq(gptSystems.gptSystemId, configStates.gptSystemId))
    .where(and(eq(configStates.configStateId, configStateId), ownedBy(user)));
  if (!row) throw notFound();
  return row;
}

export async function newestConfigStates(db: Queryable, gptSystemId: string): Promise<ConfigStateRow[]> {
  return db
    .select()
    .from(configStates)
    .where(eq(configStates.gptSystemId, gptSystemId))
    .orderBy(desc(configStates.version));
}

/** Soft: conversations with the agent stay readable, and moderation reports keep their subject. */
export async function deleteOwnAgent(db: Db, gptSystemId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(gptSystems)
      .set({ status: "Deleted", updatedAt: new Date() })
      .where(eq(gptSystems.gptSystemId, gptSystemId));
    await tx.delete(pinnedGptSystems).where(eq(pinnedGptSystems.gptSystemId, gptSystemId));
  });
}

/** Personal/Mine: agents with a published configuration (one never published is only a draft). */
export async function listOwnPublishedAgents(db: Queryable, user: AuthenticatedUser): Promise<GptSystemRow[]> {
  return db
    .select()
    .from(gptSystems)
    .where(and(ownedBy(user), isNotNull(gptSystems.publishedConfigStateId)))
    .orderBy(gptSystems.name);
}

/**
 * Personal/ConfigStates: configuration states not yet published, i.e. newer than the agent's published one
 * (older ones are history). Banned agents are left out: their drafts can no longer be changed.
 */
export async function listOwnDrafts(
  db: Queryable,
  user: AuthenticatedUser,
): Promise<{ state: ConfigStateRow; agent: GptSystemRow }[]> {
  const published = alias(configStates, "published_state");
  return db
    .select({ state: configStates, agent: gptSystems })
    .from(configStates)
    .innerJoin(gptSystems, eq(gptSystems.gptSystemId, configStates.gptSystemId))
    .leftJoin(published, eq(published.configStateId, gptSystems.publishedConfigStateId))
    .where(
      and(
        ownedBy(user),
        or(isNull(gptSystems.moderationStatus), sql`${gptSystems.moderationStatus} <> 'Banned'`),
        or(isNull(published.configStateId), gt(configStates.version, published.version)),
      ),
    )
    .orderBy(desc(configStates.updatedAt));
}

/** Spec §6: a creator banned from creating agents may neither create nor change them. */
export async function assertMayCreateAgents(db: Queryable, user: AuthenticatedUser): Promise<void> {
  const [row] = await db
    .select({ banned: users.isBannedFromCreatingAgents })
    .from(users)
    .where(eq(users.userId, user.userId));
  if (row?.banned) throw problem(403, "Forbidden", "You are blocked from creating agents.");
}

/** Spec §5/§6: the moderators' BlockAgentSharing (isBannedFromSharingAgents) refuses sharing. */
export async function assertMayShareAgents(db: Queryable, user: AuthenticatedUser): Promise<void> {
  const [row] = await db
    .select({ banned: users.isBannedFromSharingAgents })
    .from(users)
    .where(eq(users.userId, user.userId));
  if (row?.banned) throw problem(403, "Forbidden", "You are blocked from sharing agents.");
}

export function assertNotBanned(agent: GptSystemRow): void {
  if (agent.moderationStatus === "Banned")
    throw problem(403, "Forbidden", "This agent has been banned by a moderator and cannot be changed.");
}

export function toPersonalConfigState(state: ConfigStateRow, agent: GptSystemRow): PersonalConfigState {
  return {
    configStateId: state.configStateId,
    gptSystemId: agent.gptSystemId,
    gptSystemName: agent.name,
    description: agent.description,
    configStateType: state.configStateType === "User" ? "User" : "System",
    version: state.version,
    isPublished: agent.publishedConfigStateId === state.configStateId,
    gptSystemStatus: agent.status as PersonalConfigState["gptSystemStatus"],
    systemPrompt: state.systemPrompt,
    introduction: state.introduction,
    temperature: state.temperature,
    topP: state.topP,
    frequencyPenalty: state.frequencyPenalty,
    maxTokens: state.maxTokens,
    languageEngine: state.languageEngine,
    deploymentName: state.deploymentName,
    capabilityTypes: state.capabilityTypes as PersonalConfigState["capabilityTypes"],
    restrictAnswerToInformationReturnedByTools: state.restrictAnswerToInformationReturnedByTools,
    dataSources: state.dataSources,
    isShared: agent.isShared,
    hasCustomAvatar: agent.avatarBase64 !== null,
    updatedAt: state.updatedAt.toISOString(),
  };
}
