/** Handlers of the gptSystems tag used by the chat: the System directory and avatars. */
import type { Handlers } from "../../http/types";
import { getVisibleAgent, listVisibleAgents } from "./agentAccess";
import { summarize } from "./agentSummaries";
import { sendAvatar } from "./avatarResponse";
import { requireUser } from "../../http/requireUser";


export const gptSystemsHandlers: Handlers = {
  async listSystemGptSystemDirectory(_request, _reply, ctx) {
    const db = ctx.deps.database.db;
    return summarize(db, requireUser(ctx), await listVisibleAgents(db, requireUser(ctx), true));
  },

  async getGptSystemAvatar(request, reply, ctx) {
    const agent = await getVisibleAgent(ctx.deps.database.db, requireUser(ctx), (request.params as { gptSystemId: string }).gptSystemId);
    return sendAvatar(reply, agent);
  },
};
