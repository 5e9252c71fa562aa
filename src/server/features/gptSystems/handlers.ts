/** Handlers of the gptSystems tag used by the chat: the System directory and avatars. */
import type { Handlers } from "../../http/types";
import { getVisibleAgent, listVisibleAgents } from "./agentAccess";
import { summarize } from "./agentSummaries";
import { identiconSvg } from "./identicon";
import { requireUser } from "../../http/requireUser";


export const gptSystemsHandlers: Handlers = {
  async listSystemGptSystemDirectory(_request, _reply, ctx) {
    const db = ctx.deps.database.db;
    return summarize(db, requireUser(ctx), await listVisibleAgents(db, requireUser(ctx), true));
  },

  async getGptSystemAvatar(request, reply, ctx) {
    const agent = await getVisibleAgent(ctx.deps.database.db, requireUser(ctx), (request.params as { gptSystemId: string }).gptSystemId);
    reply.header("cache-control", "private, max-age=300");
    reply.header("x-content-type-options", "nosniff");
    if (agent.avatarBase64 && agent.avatarMimeType) {
      reply.type(agent.avatarMimeType);
      return reply.send(Buffer.from(agent.avatarBase64, "base64"));
    }
    // An SVG made here holds no script, and this CSP keeps it inert even if opened directly.
    reply.header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'");
    reply.type("image/svg+xml");
    return reply.send(identiconSvg(agent.gptSystemId));
  },
};
