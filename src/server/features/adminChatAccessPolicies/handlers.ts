/** Handlers of the adminChatAccessPolicies tag (enforced in the chat by policyFilter.ts). */
import { eq, inArray } from "drizzle-orm";
import { auditedChange, type Tx } from "../../admin/audit";
import { assertValid } from "../../admin/context";
import { parseListQuery, sendPage } from "../../admin/listQuery";
import { chatAccessPolicies } from "../../db/adminSchema";
import { gptSystems } from "../../db/chatSchema";
import { userRoles, users } from "../../db/schema";
import type { FieldErrors } from "../../http/problem";
import type { Handlers } from "../../http/types";
import {
  adminChatAccessPolicy,
  listAdminChatAccessPolicies,
  policyListSpec,
  saveLinks,
  type AdminChatAccessPolicy,
} from "./policyRecords";

type Params = { chatAccessPolicyId: string };

/** Every id the policy names must exist (groups live at the identity provider and are taken as given). */
async function checked(tx: Tx, body: AdminChatAccessPolicy): Promise<{ name: string }> {
  const errors: FieldErrors = {};
  const name = body.name.trim();
  if (!name) errors.name = ["is required"];
  const missing = async (ids: string[] | undefined, count: (ids: string[]) => Promise<number>) =>
    ids?.length ? (await count(ids)) !== ids.length : false;
  if (
    await missing(
      body.gptSystemIds,
      async (ids) =>
        (await tx.select({ id: gptSystems.gptSystemId }).from(gptSystems).where(inArray(gptSystems.gptSystemId, ids)))
          .length,
    )
  )
    errors.gptSystemIds = ["names an agent that does not exist"];
  if (
    await missing(
      body.userIds,
      async (ids) => (await tx.select({ id: users.userId }).from(users).where(inArray(users.userId, ids))).length,
    )
  )
    errors.userIds = ["names a user that does not exist"];
  if (
    await missing(
      body.userRoleIds,
      async (ids) =>
        (await tx.select({ id: userRoles.userRoleId }).from(userRoles).where(inArray(userRoles.userRoleId, ids)))
          .length,
    )
  )
    errors.userRoleIds = ["names a role that does not exist"];
  if (body.groupIds?.some((g) => !g.trim())) errors.groupIds = ["must not contain blank group ids"];
  assertValid(errors);
  return { name };
}

export const adminChatAccessPoliciesHandlers: Handlers = {
  async listAdminChatAccessPolicies(request, reply, ctx) {
    const list = parseListQuery(request.query, policyListSpec);
    const { total, rows } = await listAdminChatAccessPolicies(ctx.deps.database.db, list);
    return sendPage(reply, "chatAccessPolicies", list, total, rows);
  },

  async getAdminChatAccessPolicy(request, _reply, ctx) {
    return adminChatAccessPolicy(ctx.deps.database.db, (request.params as Params).chatAccessPolicyId);
  },

  async createAdminChatAccessPolicy(request, reply, ctx) {
    const body = request.body as AdminChatAccessPolicy;
    const created = await auditedChange(ctx, async (tx, audit) => {
      const { name } = await checked(tx, body);
      const [row] = await tx
        .insert(chatAccessPolicies)
        .values({ name, description: body.description ?? "", isEnabled: body.isEnabled ?? true })
        .returning();
      await saveLinks(tx, row!.chatAccessPolicyId, body);
      const after = await adminChatAccessPolicy(tx, row!.chatAccessPolicyId);
      await audit({ entityType: "ChatAccessPolicy", entityId: row!.chatAccessPolicyId, operation: "Create", after });
      return after;
    });
    reply.code(201);
    return created;
  },

  async updateAdminChatAccessPolicy(request, _reply, ctx) {
    const { chatAccessPolicyId } = request.params as Params;
    const body = request.body as AdminChatAccessPolicy;
    return auditedChange(ctx, async (tx, audit) => {
      const before = await adminChatAccessPolicy(tx, chatAccessPolicyId);
      const { name } = await checked(tx, body);
      await tx
        .update(chatAccessPolicies)
        .set({
          name,
          description: body.description ?? before.description,
          isEnabled: body.isEnabled ?? before.isEnabled,
          updatedAt: new Date(),
        })
        .where(eq(chatAccessPolicies.chatAccessPolicyId, chatAccessPolicyId));
      // Lists left out keep their members; a list sent replaces them.
      await saveLinks(tx, chatAccessPolicyId, { ...before, ...body });
      const after = await adminChatAccessPolicy(tx, chatAccessPolicyId);
      await audit({ entityType: "ChatAccessPolicy", entityId: chatAccessPolicyId, operation: "Update", before, after });
      return after;
    });
  },

  async deleteAdminChatAccessPolicy(request, _reply, ctx) {
    const { chatAccessPolicyId } = request.params as Params;
    return auditedChange(ctx, async (tx, audit) => {
      const before = await adminChatAccessPolicy(tx, chatAccessPolicyId);
      await tx.delete(chatAccessPolicies).where(eq(chatAccessPolicies.chatAccessPolicyId, chatAccessPolicyId));
      await audit({ entityType: "ChatAccessPolicy", entityId: chatAccessPolicyId, operation: "Delete", before });
      return before;
    });
  },
};
