/**
 * Chat access policies in the chat: an agent named by at least one enabled
 * policy is visible and usable only by users that one of those policies admits
 * (by user id, by one of their roles, or by one of their identity-provider
 * groups); agents named by no enabled policy stay visible to everyone. Nobody
 * is exempt: policies are about chat use, not administration.
 */
import { and, eq, exists, inArray, not, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import {
  chatAccessPolicies,
  chatAccessPolicyAgents,
  chatAccessPolicyPrincipals,
  userGroups,
} from "../../db/adminSchema";
import { gptSystems } from "../../db/chatSchema";
import { userRoleAssignments } from "../../db/schema";

/** A condition on gpt_systems rows, for use inside a query's WHERE. */
export function allowedByChatAccessPolicies(db: Pick<Db, "select">, userId: string): SQL {
  const enabledPoliciesOfAgent = and(
    eq(chatAccessPolicyAgents.gptSystemId, gptSystems.gptSystemId),
    eq(chatAccessPolicies.isEnabled, true),
  );
  const covered = db
    .select({ one: sql`1` })
    .from(chatAccessPolicyAgents)
    .innerJoin(chatAccessPolicies, eq(chatAccessPolicies.chatAccessPolicyId, chatAccessPolicyAgents.chatAccessPolicyId))
    .where(enabledPoliciesOfAgent);
  const roleIds = db
    .select({ id: sql`${userRoleAssignments.userRoleId}::text` })
    .from(userRoleAssignments)
    .where(eq(userRoleAssignments.userId, userId));
  const groupIds = db.select({ id: userGroups.groupId }).from(userGroups).where(eq(userGroups.userId, userId));
  const admitted = db
    .select({ one: sql`1` })
    .from(chatAccessPolicyAgents)
    .innerJoin(chatAccessPolicies, eq(chatAccessPolicies.chatAccessPolicyId, chatAccessPolicyAgents.chatAccessPolicyId))
    .innerJoin(
      chatAccessPolicyPrincipals,
      eq(chatAccessPolicyPrincipals.chatAccessPolicyId, chatAccessPolicies.chatAccessPolicyId),
    )
    .where(
      and(
        enabledPoliciesOfAgent,
        or(
          and(eq(chatAccessPolicyPrincipals.principalType, "user"), eq(chatAccessPolicyPrincipals.principalId, userId)),
          and(
            eq(chatAccessPolicyPrincipals.principalType, "userRole"),
            inArray(chatAccessPolicyPrincipals.principalId, roleIds),
          ),
          and(
            eq(chatAccessPolicyPrincipals.principalType, "group"),
            inArray(chatAccessPolicyPrincipals.principalId, groupIds),
          ),
        ),
      ),
    );
  return or(not(exists(covered)), exists(admitted))!;
}
