/**
 * Sharing personal agents by link. The model:
 * - the owner of a published personal agent turns sharing on (gpt_systems.is_shared) and hands out the share
 *   link /chat/{gptSystemId};
 * - whoever opens it calls POST CurrentUser/gptSystemSharedWithMe/{gptSystemId}, which adds the agent to their
 *   Personal/SharedWithMe directory (shared_gpt_systems) and so to their available agents;
 * - chat access policies, moderation bans and the owner's bans still apply: an agent that is banned, whose owner
 *   is banned from creating or from sharing agents (BlockAgentSharing), or that is not shared is nobody's but
 *   its owner's, and answers 404 like an unknown agent;
 * - stopping sharing withdraws it from every recipient (their rows are removed: sharing again needs the link again).
 */
import { and, eq, exists, isNotNull, isNull, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { gptSystems, sharedGptSystems } from "../../db/chatSchema";
import { users } from "../../db/schema";

type Queryable = Pick<Db, "select">;

/** An owner neither banned from creating nor from sharing agents (spec §6: the sharing ban). */
function ownerMayShare(db: Queryable): SQL {
  return exists(
    db
      .select({ one: sql`1` })
      .from(users)
      .where(
        and(
          eq(users.userId, gptSystems.ownerUserId),
          eq(users.isBannedFromCreatingAgents, false),
          eq(users.isBannedFromSharingAgents, false),
        ),
      ),
  );
}

/** A condition on gpt_systems rows: a personal agent anyone with its link may add (the owner's own excluded). */
export function reachableByShareLink(db: Queryable, userId: string): SQL {
  return and(
    eq(gptSystems.gptSystemType, "User"),
    eq(gptSystems.isShared, true),
    eq(gptSystems.status, "Active"),
    isNotNull(gptSystems.publishedConfigStateId),
    or(isNull(gptSystems.moderationStatus), sql`${gptSystems.moderationStatus} <> 'Banned'`),
    sql`${gptSystems.ownerUserId} <> ${userId}`,
    ownerMayShare(db),
  )!;
}

/** A condition on gpt_systems rows: the user added the agent through its link. */
export function addedThroughShareLink(db: Queryable, userId: string): SQL {
  return exists(
    db
      .select({ one: sql`1` })
      .from(sharedGptSystems)
      .where(and(eq(sharedGptSystems.userId, userId), eq(sharedGptSystems.gptSystemId, gptSystems.gptSystemId))),
  );
}

/** Shared agents the user added and may still use. */
export function sharedWith(db: Queryable, userId: string): SQL {
  return and(reachableByShareLink(db, userId), addedThroughShareLink(db, userId))!;
}
