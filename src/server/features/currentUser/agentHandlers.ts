/** The caller's agents: available, pinned, recent; pin and unpin (spec section 7, "Current user"). */
import { and, eq } from "drizzle-orm";
import { pinnedGptSystems } from "../../db/chatSchema";
import type { Handlers } from "../../http/types";
import { getVisibleAgent, lastUsedAt, listVisibleAgents, pinnedIds } from "../gptSystems/agentAccess";
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
    const agent = await getVisibleAgent(db, requireUser(ctx), (request.params as { gptSystemId: string }).gptSystemId);
    await db.insert(pinnedGptSystems).values({ userId: requireUser(ctx).userId, gptSystemId: agent.gptSystemId }).onConflictDoNothing();
    return undefined;
  },

  async unpinGptSystem(request, _reply, ctx) {
    const db = ctx.deps.database.db;
    const agent = await getVisibleAgent(db, requireUser(ctx), (request.params as { gptSystemId: string }).gptSystemId);
    await db
      .delete(pinnedGptSystems)
      .where(and(eq(pinnedGptSystems.userId, requireUser(ctx).userId), eq(pinnedGptSystems.gptSystemId, agent.gptSystemId)));
    return undefined;
  },
};
