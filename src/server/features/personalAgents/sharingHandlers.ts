/** Sharing a personal agent by link (model in ../gptSystems/sharedAgents.ts), and the Drafts and Shared with me directories. */
import { and, eq } from "drizzle-orm";
import type { components } from "../../../generated/api";
import { gptSystems, sharedGptSystems } from "../../db/chatSchema";
import { problem } from "../../http/problem";
import { requireUser } from "../../http/requireUser";
import type { Handlers } from "../../http/types";
import { allowedByChatAccessPolicies } from "../adminChatAccessPolicies/policyFilter";
import { summarize } from "../gptSystems/agentSummaries";
import { sharedWith } from "../gptSystems/sharedAgents";
import { assertPersonalAgentsEnabled } from "./featureGate";
import {
  assertMayCreateAgents,
  assertMayShareAgents,
  assertNotBanned,
  listOwnDrafts,
  loadOwnAgent,
  toPersonalConfigState,
} from "./ownAgents";

type Sharing = components["schemas"]["PersonalAgentSharing"];

export const sharingHandlers: Handlers = {
  async updatePersonalGptSystemSharing(request, _reply, ctx) {
    const db = ctx.deps.database.db;
    const user = requireUser(ctx);
    await assertPersonalAgentsEnabled(db);
    const agent = await loadOwnAgent(db, user, (request.params as { gptSystemId: string }).gptSystemId);
    const { isShared } = request.body as Sharing;
    if (isShared) {
      assertNotBanned(agent);
      await assertMayCreateAgents(db, user);
      await assertMayShareAgents(db, user);
      if (!agent.publishedConfigStateId)
        throw problem(409, "Conflict", "Publish the agent before sharing it.");
    }
    await db.transaction(async (tx) => {
      await tx
        .update(gptSystems)
        .set({ isShared, updatedAt: new Date() })
        .where(eq(gptSystems.gptSystemId, agent.gptSystemId));
      // Stopping withdraws the agent from every recipient: sharing again needs the link again.
      if (!isShared) await tx.delete(sharedGptSystems).where(eq(sharedGptSystems.gptSystemId, agent.gptSystemId));
    });
    return { isShared } satisfies Sharing;
  },

  async listMyPersonalConfigStateDrafts(_request, _reply, ctx) {
    const db = ctx.deps.database.db;
    const user = requireUser(ctx);
    await assertPersonalAgentsEnabled(db);
    return (await listOwnDrafts(db, user)).map(({ state, agent }) => toPersonalConfigState(state, agent));
  },

  async listPersonalGptSystemsSharedWithMe(_request, _reply, ctx) {
    const db = ctx.deps.database.db;
    const user = requireUser(ctx);
    await assertPersonalAgentsEnabled(db);
    const agents = await db
      .select()
      .from(gptSystems)
      .where(and(sharedWith(db, user.userId), allowedByChatAccessPolicies(db, user.userId)))
      .orderBy(gptSystems.name);
    return summarize(db, user, agents);
  },
};
