/** Agents as the chat lists them: pinned flag, last use, ownership. */
import type { components } from "../../../generated/api";
import type { Db } from "../../db/client";
import type { AuthenticatedUser } from "../../http/types";
import { lastUsedAt, pinnedIds, type GptSystemRow } from "./agentAccess";

type Summary = components["schemas"]["GptSystemSummary"];

export async function summarize(db: Db, user: AuthenticatedUser, agents: readonly GptSystemRow[]): Promise<Summary[]> {
  const [pinned, used] = await Promise.all([pinnedIds(db, user.userId), lastUsedAt(db, user.userId)]);
  return agents.map((agent) => ({
    gptSystemId: agent.gptSystemId,
    name: agent.name,
    description: agent.description,
    gptSystemType: agent.gptSystemType === "User" ? "User" : "System",
    moderationStatus: agent.moderationStatus === "Banned" ? "Banned" : null,
    isPublic: agent.isPublic,
    ownership: { ownerIsCurrentUser: agent.ownerUserId === user.userId },
    isPinned: pinned.has(agent.gptSystemId),
    lastUsedAt: used.get(agent.gptSystemId)?.toISOString() ?? null,
  }));
}
