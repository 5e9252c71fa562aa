/** The caller's agents: available, pinned, recent; pin and unpin; add a shared agent (spec section 7, "Current user"). */
import { and, eq, or } from "drizzle-orm";
import { gptSystems, pinnedGptSystems, sharedGptSystems } from "../../db/chatSchema";
import { problem } from "../../http/problem";
import { allowedByChatAccessPolicies } from "../adminChatAccessPolicies/policyFilter";
import { reachableByShareLink } from "../gptSystems/sharedAgents";
import { assertPersonalAgentsEnabled } from "../personalAgents/featureGate";
import type { Handlers } from "../../http/types";
import { getListedAgent, getVisibleAgent, lastUsedAt, listVisibleAgents, pinnedIds } from "../gptSystems/agentAccess";
import { summarize } from "../gptSystems/agentSummaries";
import { requireUser } from "../../http/requireUser";

/** How many agents the Recent list shows. */
const RECENT_LIMIT = 10;


export const currentUserAgentHandlers: Handlers = {
  async listAvailableGptSystems(_request, _reply, ctx) {
    const db = ctx.deps.database.db;
    return summarize(db, requireUser(ctx), await listVisibleAgents(db, requireUser(ctx)));
  },

  async listPinnedGptSystems(_request, _reply, ctx) {
    const db = ctx.deps.database.db;
    const pinned = await pinnedIds(db, requireUser(ctx).userId);
    const agents = (await listVisibleAgents(db, requireUser(ctx))).filter((a) => pinned.has(a.gptSystemId));
    return summarize(db, requireUser(ctx), agents);
  },

  async listRecentGptSystems(_request, _reply, ctx) {
    const db = ctx.deps.database.db;
    const used = await lastUsedAt(db, requireUser(ctx).userId);
    const agents = (await listVisibleAgents(db, requireUser(ctx)))
      .filter((a) => used.has(a.gptSystemId))
      .sort((a, b) => used.get(b.gptSystemId)!.getTime() - used.get(a.gptSystemId)!.getTime())
      .slice(0, RECENT_LIMIT);
    return summarize(db, requireUser(ctx), agents);
  },

  async pinGptSystem(request, _reply, ctx) {
    const db = ctx.deps.database.db;
    // Only what the Pinned list can show: not a draft with nothing published, nor another's banned agent.
    const agent = await getListedAgent(db, requireUser(ctx), (request.params as { gptSystemId: string }).gptSystemId);
    await db.insert(pinnedGptSystems).values({ userId: requireUser(ctx).userId, gptSystemId: agent.gptSystemId }).onConflictDoNothing();
    return undefined;
  },

  /** Opening a share link (model in ../gptSystems/sharedAgents.ts). */
  async addGptSystemSharedWithMe(request, _reply, ctx) {
    const db = ctx.deps.database.db;
    const user = requireUser(ctx);
    await assertPersonalAgentsEnabled(db);
    const { gptSystemId } = request.params as { gptSystemId: string };
    const [agent] = await db
      .select()
      .from(gptSystems)
      .where(
        and(
          eq(gptSystems.gptSystemId, gptSystemId),
          or(
            and(eq(gptSystems.gptSystemType, "User"), eq(gptSystems.ownerUserId, user.userId)),
            reachableByShareLink(db, user.userId),
          ),
          allowedByChatAccessPolicies(db, user.userId),
        ),
      );
    // Unknown, unshared, banned, deleted or a System agent: all alike, as an agent the caller may not see.
    if (!agent || agent.status === "Deleted") throw problem(404, "Not Found", "No such shared agent.");
    // The owner opening their own link has the agent already.
    if (agent.ownerUserId !== user.userId)
      await db.insert(sharedGptSystems).values({ userId: user.userId, gptSystemId }).onConflictDoNothing();
    const [summary] = await summarize(db, user, [agent]);
    return summary;
  },

  async unpinGptSystem(request, _reply, ctx) {
    const db = ctx.deps.database.db;
    const user = requireUser(ctx);
    const { gptSystemId } = request.params as { gptSystemId: string };
    // The caller's own pin goes whatever became of the agent (made inactive, banned, access withdrawn):
    // kept, it would come back to the Pinned list with the agent.
    const removed = await db
      .delete(pinnedGptSystems)
      .where(and(eq(pinnedGptSystems.userId, user.userId), eq(pinnedGptSystems.gptSystemId, gptSystemId)))
      .returning({ gptSystemId: pinnedGptSystems.gptSystemId });
    // Nothing pinned: 404 for an agent the caller may not see, as before.
    if (removed.length === 0) await getVisibleAgent(db, user, gptSystemId);
    return undefined;
  },
};
