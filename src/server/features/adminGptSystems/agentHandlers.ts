/** Agents: list, read, create, change, soft-delete, avatar (spec section 2, /admin/gptsystem). */
import { and, eq, ne } from "drizzle-orm";
import { auditedChange, type Tx } from "../../admin/audit";
import { assertValid } from "../../admin/context";
import { decodeImage } from "../../admin/images";
import { parseListQuery, sendPage } from "../../admin/listQuery";
import { configStates, gptSystems } from "../../db/chatSchema";
import type { FieldErrors } from "../../http/problem";
import type { HandlerContext, Handlers } from "../../http/types";
import { sendAvatar } from "../gptSystems/avatarResponse";
import { LOCAL_ENGINE } from "../gptSystems/modelForConfig";
import { adminGptSystem, agentListSpec, listAdminGptSystems, loadAgent, type AdminGptSystem } from "./agentRecords";
import { availableDeployments } from "./engines";
import { requireUser } from "../../http/requireUser";

type Params = { gptSystemId: string };
/** The brief's limit for agent avatars (decoded bytes). */
const AVATAR_MAX_BYTES = 1024 * 1024;

/** Checks what the schema cannot: trimmed name, public endpoint rules and uniqueness, status vs publishing. */
async function checkAgent(
  tx: Tx,
  body: AdminGptSystem,
  current?: { gptSystemId: string; publishedConfigStateId: string | null },
) {
  const errors: FieldErrors = {};
  const name = body.name.trim();
  if (!name) errors.name = ["is required"];
  const endpoint = body.publicChatEndpoint ?? null;
  if (body.isPublic && !endpoint) errors.publicChatEndpoint = ["is required when the agent is public"];
  if (endpoint) {
    const others = current
      ? and(eq(gptSystems.publicChatEndpoint, endpoint), ne(gptSystems.gptSystemId, current.gptSystemId))
      : eq(gptSystems.publicChatEndpoint, endpoint);
    if ((await tx.select({ id: gptSystems.gptSystemId }).from(gptSystems).where(others)).length > 0)
      errors.publicChatEndpoint = ["is already used by another agent"];
  }
  if (current && body.status === "Active" && !current.publishedConfigStateId)
    errors.status = ["cannot be Active before a configuration is published"];
  assertValid(errors);
  return { name, publicChatEndpoint: endpoint };
}

async function changeAvatar(
  ctx: HandlerContext,
  gptSystemId: string,
  avatar: { mimeType: string; base64: string } | null,
) {
  return auditedChange(ctx, async (tx, audit) => {
    const before = await adminGptSystem(tx, gptSystemId);
    await tx
      .update(gptSystems)
      .set({ avatarMimeType: avatar?.mimeType ?? null, avatarBase64: avatar?.base64 ?? null, updatedAt: new Date() })
      .where(eq(gptSystems.gptSystemId, gptSystemId));
    const after = await adminGptSystem(tx, gptSystemId);
    await audit({ entityType: "GptSystem", entityId: gptSystemId, operation: "Update", before, after });
    return after;
  });
}

export const agentHandlers: Handlers = {
  async listAdminGptSystems(request, reply, ctx) {
    const list = parseListQuery(request.query, agentListSpec);
    const { total, rows } = await listAdminGptSystems(ctx.deps.database.db, list);
    return sendPage(reply, "gptSystems", list, total, rows);
  },

  async getAdminGptSystem(request, _reply, ctx) {
    return adminGptSystem(ctx.deps.database.db, (request.params as Params).gptSystemId);
  },

  async createAdminGptSystem(request, reply, ctx) {
    const body = request.body as AdminGptSystem;
    const caller = requireUser(ctx);
    const created = await auditedChange(ctx, async (tx, audit) => {
      const checked = await checkAgent(tx, body);
      const status = body.status ?? "Draft";
      const [agent] = await tx
        .insert(gptSystems)
        .values({
          ...checked,
          description: body.description ?? "",
          gptSystemType: "System",
          status,
          isPublic: body.isPublic ?? false,
          moderationStatus: body.moderationStatus ?? null,
        })
        .returning();
      // Every agent starts with a draft on the local engine, so it can be configured and published at once.
      const [state] = await tx
        .insert(configStates)
        .values({
          gptSystemId: agent!.gptSystemId,
          configStateType: "System",
          version: 1,
          languageEngine: LOCAL_ENGINE,
          deploymentName: LOCAL_ENGINE,
          createdByUserId: caller.userId,
        })
        .returning();
      // An agent created Active must be able to answer: its first configuration is published with it.
      if (status === "Active")
        await tx
          .update(gptSystems)
          .set({ publishedConfigStateId: state!.configStateId })
          .where(eq(gptSystems.gptSystemId, agent!.gptSystemId));
      const after = await adminGptSystem(tx, agent!.gptSystemId);
      await audit({ entityType: "GptSystem", entityId: agent!.gptSystemId, operation: "Create", after });
      return after;
    });
    reply.code(201);
    return created;
  },

  async updateAdminGptSystem(request, _reply, ctx) {
    const { gptSystemId } = request.params as Params;
    const body = request.body as AdminGptSystem;
    return auditedChange(ctx, async (tx, audit) => {
      const current = await loadAgent(tx, gptSystemId);
      const before = await adminGptSystem(tx, gptSystemId);
      const checked = await checkAgent(tx, { ...before, ...body }, current);
      await tx
        .update(gptSystems)
        .set({
          ...checked,
          description: body.description ?? current.description,
          status: body.status ?? current.status,
          isPublic: body.isPublic ?? current.isPublic,
          moderationStatus: body.moderationStatus === undefined ? current.moderationStatus : body.moderationStatus,
          updatedAt: new Date(),
        })
        .where(eq(gptSystems.gptSystemId, gptSystemId));
      const after = await adminGptSystem(tx, gptSystemId);
      await audit({ entityType: "GptSystem", entityId: gptSystemId, operation: "Update", before, after });
      return after;
    });
  },

  async deleteAdminGptSystem(request, _reply, ctx) {
    const { gptSystemId } = request.params as Params;
    return auditedChange(ctx, async (tx, audit) => {
      const before = await adminGptSystem(tx, gptSystemId);
      // Soft delete: conversations keep their agent, and an administrator can restore it by its status.
      await tx
        .update(gptSystems)
        .set({ status: "Deleted", updatedAt: new Date() })
        .where(eq(gptSystems.gptSystemId, gptSystemId));
      const after = await adminGptSystem(tx, gptSystemId);
      await audit({ entityType: "GptSystem", entityId: gptSystemId, operation: "Delete", before, after });
      return after;
    });
  },

  async uploadAdminGptSystemAvatar(request, _reply, ctx) {
    const { gptSystemId } = request.params as Params;
    await loadAgent(ctx.deps.database.db, gptSystemId);
    const image = decodeImage(request.body as { base64: string; mimeType: string }, AVATAR_MAX_BYTES);
    return changeAvatar(ctx, gptSystemId, { mimeType: image.mimeType, base64: image.bytes.toString("base64") });
  },

  async getAdminGptSystemAvatar(request, reply, ctx) {
    return sendAvatar(reply, await loadAgent(ctx.deps.database.db, (request.params as Params).gptSystemId));
  },

  async deleteAdminGptSystemAvatar(request, _reply, ctx) {
    return changeAvatar(ctx, (request.params as Params).gptSystemId, null);
  },

  async listAdminAvailableDeployments(_request, _reply, ctx) {
    return availableDeployments(ctx.deps.database.db);
  },
};
