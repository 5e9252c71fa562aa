/**
 * Deleting a user also deletes their personal agents. Conversations other
 * people held with those agents keep a reference to them, so such a user is
 * refused (409) rather than taking other people's history down with them:
 * disabling the account stops their access and keeps everyone's conversations.
 */
import { and, eq, ne, sql } from "drizzle-orm";
import type { Tx } from "../../admin/audit";
import { conversations, gptSystems } from "../../db/schema";
import { problem } from "../../http/problem";

/** Names of the user's personal agents that appear in conversations of other users (at most a few, for the message). */
async function agentsUsedByOthers(tx: Tx, userId: string): Promise<string[]> {
  const rows = await tx
    .selectDistinct({ name: gptSystems.name })
    .from(gptSystems)
    .innerJoin(conversations, eq(conversations.gptSystemId, gptSystems.gptSystemId))
    .where(and(eq(gptSystems.ownerUserId, userId), ne(conversations.userId, userId)))
    .orderBy(sql`${gptSystems.name}`)
    .limit(3);
  return rows.map((row) => row.name);
}

/** Refuses (409) deleting a user whose personal agents appear in other users' conversations. */
export async function refuseDeletingSharedAgentOwner(tx: Tx, user: { userId: string; displayName: string }) {
  const agents = await agentsUsedByOthers(tx, user.userId);
  if (agents.length === 0) return;
  const named = agents.map((name) => `'${name}'`).join(", ");
  throw problem(
    409,
    "Conflict",
    `${user.displayName} owns personal agents used in other users' conversations (${named}): ` +
      "disable the account instead, so those conversations stay readable.",
  );
}
