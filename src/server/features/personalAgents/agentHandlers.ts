/** The caller's personal agents as agents: the Mine directory, avatar by configuration (read, upload, remove), delete. */
import { requireUser } from "../../http/requireUser";
import type { Handlers } from "../../http/types";
import { summarize } from "../gptSystems/agentSummaries";
import { identiconSvg } from "../gptSystems/identicon";
import { removePersonalAvatar, uploadPersonalAvatar } from "./avatarUpload";
import { assertPersonalAgentsEnabled } from "./featureGate";
import { deleteOwnAgent, listOwnPublishedAgents, loadOwnAgent, loadOwnConfigState } from "./ownAgents";

export const personalAgentHandlers: Handlers = {
  async listMyPersonalGptSystems(_request, _reply, ctx) {
    const db = ctx.deps.database.db;
    const user = requireUser(ctx);
    await assertPersonalAgentsEnabled(db);
    return summarize(db, user, await listOwnPublishedAgents(db, user));
  },

  async getPersonalConfigStateAvatar(request, reply, ctx) {
    const db = ctx.deps.database.db;
    await assertPersonalAgentsEnabled(db);
    const { agent } = await loadOwnConfigState(
      db,
      requireUser(ctx),
      (request.params as { configStateId: string }).configStateId,
    );
    // Revalidated on every fetch: the owner may just have uploaded a new one.
    reply.header("cache-control", "private, no-cache");
    reply.header("x-content-type-options", "nosniff");
    if (agent.avatarBase64 && agent.avatarMimeType) {
      reply.type(agent.avatarMimeType);
      return reply.send(Buffer.from(agent.avatarBase64, "base64"));
    }
    // Spec §7: the default avatar is an identicon of size 24; the CSP keeps the SVG inert if opened directly.
    reply.header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'");
    reply.type("image/svg+xml");
    return reply.send(identiconSvg(agent.gptSystemId, 24));
  },

  async uploadPersonalConfigStateAvatar(request, _reply, ctx) {
    const db = ctx.deps.database.db;
    await assertPersonalAgentsEnabled(db);
    const { configStateId } = request.params as { configStateId: string };
    await uploadPersonalAvatar(request, db, ctx.deps.config, requireUser(ctx), configStateId);
    return undefined;
  },

  async deletePersonalConfigStateAvatar(request, _reply, ctx) {
    const db = ctx.deps.database.db;
    await assertPersonalAgentsEnabled(db);
    const { configStateId } = request.params as { configStateId: string };
    await removePersonalAvatar(db, requireUser(ctx), configStateId);
    return undefined;
  },

  async deletePersonalGptSystem(request, _reply, ctx) {
    const db = ctx.deps.database.db;
    const user = requireUser(ctx);
    await assertPersonalAgentsEnabled(db);
    const agent = await loadOwnAgent(db, user, (request.params as { gptSystemId: string }).gptSystemId);
    await deleteOwnAgent(db, agent.gptSystemId);
    return undefined;
  },
};
