/** Warnings on a saved chat access policy that is enabled but admits nobody or restricts nothing. */
import { countDistinct, inArray } from "drizzle-orm";
import type { components } from "../../../generated/api";
import type { Db } from "../../db/client";
import { userRoleAssignments } from "../../db/schema";
import type { Warning } from "./warning";

export const ADMITS_NOBODY = "This policy admits nobody: it names no user, no role with holders and no group.";
export const NAMES_NO_AGENT = "This policy names no agent, so it changes nothing.";

async function roleHolders(db: Pick<Db, "select">, userRoleIds: string[]): Promise<number> {
  if (userRoleIds.length === 0) return 0;
  const [row] = await db
    .select({ n: countDistinct(userRoleAssignments.userId) })
    .from(userRoleAssignments)
    .where(inArray(userRoleAssignments.userRoleId, userRoleIds));
  return row?.n ?? 0;
}

export async function chatAccessPolicyWarnings(
  db: Pick<Db, "select">,
  policy: components["schemas"]["AdminChatAccessPolicy"],
): Promise<Warning[]> {
  if (policy.isEnabled === false) return [];
  const warnings: Warning[] = [];
  if (!policy.gptSystemIds?.length) warnings.push({ property: "gptSystemIds", message: NAMES_NO_AGENT });
  const named = (policy.userIds?.length ?? 0) + (policy.groupIds?.length ?? 0);
  if (named === 0 && (await roleHolders(db, policy.userRoleIds ?? [])) === 0)
    warnings.push({ property: "userIds", message: ADMITS_NOBODY });
  return warnings;
}
