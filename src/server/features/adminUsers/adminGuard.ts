/** The instance must keep one enabled user holding the admin role, or nobody could administer it again. */
import { and, eq, sql } from "drizzle-orm";
import type { Tx } from "../../admin/audit";
import { userRoleAssignments, userRoles, users } from "../../db/schema";
import { problem } from "../../http/problem";

const isAdmin = sql`${userRoles.isBuiltIn} and lower(${userRoles.name}) = 'admin'`;

/** The admin role's id; its row is locked so two concurrent removals cannot both pass the check. */
export async function lockAdminRole(tx: Tx): Promise<string> {
  const [role] = await tx.select({ id: userRoles.userRoleId }).from(userRoles).where(isAdmin).for("update");
  if (!role) throw new Error("the built-in admin role is missing");
  return role.id;
}

async function activeAdminIds(tx: Tx, adminRoleId: string): Promise<string[]> {
  const rows = await tx
    .select({ userId: users.userId })
    .from(userRoleAssignments)
    .innerJoin(users, eq(users.userId, userRoleAssignments.userId))
    .where(and(eq(userRoleAssignments.userRoleId, adminRoleId), eq(users.isDisabled, false)));
  return rows.map((r) => r.userId);
}

/** Refuses (409) a change after which `userId` would no longer be an active admin, when they are the last one. */
export async function refuseLosingLastAdmin(
  tx: Tx,
  user: { userId: string; displayName: string },
  staysActiveAdmin: boolean,
): Promise<void> {
  if (staysActiveAdmin) return;
  const adminRoleId = await lockAdminRole(tx);
  const admins = await activeAdminIds(tx, adminRoleId);
  if (admins.length === 1 && admins[0] === user.userId)
    throw problem(
      409,
      "Conflict",
      `${user.displayName} is the last active holder of the admin role: give the role to someone else first.`,
    );
}
