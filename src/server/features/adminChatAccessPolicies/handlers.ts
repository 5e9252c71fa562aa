/** Handlers of the adminChatAccessPolicies tag (enforced in the chat by policyFilter.ts). */
import { eq, inArray } from "drizzle-orm";
import type { Tx } from "../../admin/audit";
import { assertValid } from "../../admin/context";
import { chatAccessPolicies } from "../../db/adminSchema";
import { gptSystems } from "../../db/chatSchema";
import { userRoles, users } from "../../db/schema";
import type { FieldErrors } from "../../http/problem";
import type { Handlers } from "../../http/types";
import { auditedCrud } from "../adminCrud/auditedCrud";
import { chatAccessPolicyWarnings } from "../adminWarnings/chatAccessPolicyWarnings";
import {
  adminChatAccessPolicy,
  listAdminChatAccessPolicies,
  policyListSpec,
  saveLinks,
  type AdminChatAccessPolicy,
} from "./policyRecords";

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

const policies = auditedCrud(
  { one: "AdminChatAccessPolicy", many: "AdminChatAccessPolicies" },
  {
    entityType: "ChatAccessPolicy",
    listSpec: policyListSpec,
    list: (db, list) => listAdminChatAccessPolicies(db, list),
    load: (db, chatAccessPolicyId) => adminChatAccessPolicy(db, chatAccessPolicyId),

    async insert(tx, body: AdminChatAccessPolicy) {
      const { name } = await checked(tx, body);
      const [row] = await tx
        .insert(chatAccessPolicies)
        .values({ name, description: body.description ?? "", isEnabled: body.isEnabled ?? true })
        .returning();
      await saveLinks(tx, row!.chatAccessPolicyId, body);
      return row!.chatAccessPolicyId;
    },

    async change(tx, chatAccessPolicyId, body, before) {
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
    },

    async remove(tx, chatAccessPolicyId) {
      await tx.delete(chatAccessPolicies).where(eq(chatAccessPolicies.chatAccessPolicyId, chatAccessPolicyId));
    },

    warnings: (tx, policy) => chatAccessPolicyWarnings(tx, policy),
  },
);

export const adminChatAccessPoliciesHandlers: Handlers = policies;
