/** Queries about users and their roles shared by the auth hook and the currentUser feature. */
import { asc, eq } from "drizzle-orm";
import type { Db } from "./client";
import { userRoleAssignments, userRoles, users } from "./schema";

export type UserRow = typeof users.$inferSelect;
export type UserRoleRow = typeof userRoles.$inferSelect;

export async function findUserById(db: Db, userId: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.userId, userId)).limit(1);
  return row;
}

/** The roles assigned to a user, sorted by name. */
export async function rolesOfUser(db: Db, userId: string): Promise<UserRoleRow[]> {
  const rows = await db
    .select({ role: userRoles })
    .from(userRoleAssignments)
    .innerJoin(userRoles, eq(userRoles.userRoleId, userRoleAssignments.userRoleId))
    .where(eq(userRoleAssignments.userId, userId))
    .orderBy(asc(userRoles.name));
  // Sorted again in code: the database's collation may differ between PGlite and PostgreSQL.
  return rows.map((r) => r.role).sort((a, b) => compareText(a.name, b.name));
}

/** The union of the actions of the given roles, sorted. */
export function resolveActions(roles: readonly UserRoleRow[]): string[] {
  return [...new Set(roles.flatMap((role) => role.actions))].sort(compareText);
}

export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
