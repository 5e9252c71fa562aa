/** Handlers of the gptSystems tag used by the chat: the System directory and avatars. */
import { problem } from "../../http/problem";
import type { HandlerContext, Handlers } from "../../http/types";
import { getVisibleAgent, listVisibleAgents } from "./agentAccess";
import { summarize } from "./agentSummaries";
import { identiconSvg } from "./identicon";

function caller(ctx: HandlerContext) {
  if (!ctx.user) throw problem(401, "Unauthorized");
  return ctx.user;
}

export const gptSystemsHandlers: Handlers = {
  async listSystemGptSystemDirectory(_request, _reply, ctx) {
    const db = ctx.deps.database.db;
    return summarize(db, caller(ctx), await listVisibleAgents(db, caller(ctx), true));
  },

  async getGptSystemAvatar(request, reply, ctx) {
    const agent = await getVisibleAgent(ctx.deps.database.db, caller(ctx), (request.params as { gptSystemId: string }).gptSystemId);
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
