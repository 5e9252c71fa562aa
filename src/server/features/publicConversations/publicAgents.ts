/**
 * Which agents answer visitors: public, with a public chat endpoint, Active, published and not
 * banned (a personal agent also not blocked by its owner's ban). Anything else is 404, whatever the reason.
 */
import { and, eq, isNotNull, isNull, ne, or, sql, type SQL } from "drizzle-orm";
import type { UsableAgent } from "../../cache/appCaches";
import type { Db } from "../../db/client";
import { configStates, gptSystems } from "../../db/chatSchema";
import { users } from "../../db/schema";
import { problem } from "../../http/problem";

const answersVisitors = and(
  eq(gptSystems.isPublic, true),
  isNotNull(gptSystems.publicChatEndpoint),
  eq(gptSystems.status, "Active"),
  isNotNull(gptSystems.publishedConfigStateId),
  or(isNull(gptSystems.moderationStatus), ne(gptSystems.moderationStatus, "Banned")),
  or(
    isNull(gptSystems.ownerUserId),
    sql`not exists (select 1 from ${users} where ${users.userId} = ${gptSystems.ownerUserId} and ${users.isBannedFromCreatingAgents})`,
  ),
);

async function publicAgentWhere(db: Db, which: SQL): Promise<UsableAgent> {
  const [row] = await db
    .select({ agent: gptSystems, config: configStates })
    .from(gptSystems)
    .innerJoin(configStates, eq(configStates.configStateId, gptSystems.publishedConfigStateId))
    .where(and(which, answersVisitors));
  if (!row) throw problem(404, "Not Found", "This chat is not available right now.");
  return row;
}

/** The agent behind a public chat endpoint, with its published configuration. */
export function publicAgentByEndpoint(db: Db, gptPublicEndpoint: string): Promise<UsableAgent> {
  return publicAgentWhere(db, eq(gptSystems.publicChatEndpoint, gptPublicEndpoint));
}

/** The agent a session was issued for, while it still answers visitors. */
export function publicAgentById(db: Db, gptSystemId: string): Promise<UsableAgent> {
  return publicAgentWhere(db, eq(gptSystems.gptSystemId, gptSystemId));
}
