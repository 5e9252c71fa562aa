/**
 * Users made directly in the database, with roles and a product token: for server
 * tests (buildTestApp) and benchmarks alike, so not tied to Vitest.
 */
import { eq, sql } from "drizzle-orm";
import { signProductToken } from "../../src/server/auth/productToken";
import type { Config } from "../../src/server/config";
import type { Db } from "../../src/server/db/client";
import { userRoleAssignments, userRoles, users } from "../../src/server/db/schema";
import type { Action } from "../../src/server/http/types";

export interface TestUser {
  userId: string;
  userName: string;
  displayName: string;
}

export interface CreateUserOptions {
  userName: string;
  displayName?: string;
  email?: string | null;
  /** Names of existing roles to assign (e.g. "admin", "user"). */
  roles?: string[];
  /** Grants exactly these actions through a role made for this user. */
  actions?: Action[];
  isDisabled?: boolean;
}

export async function createUser(db: Db, o: CreateUserOptions): Promise<TestUser> {
  const [user] = await db
    .insert(users)
    .values({
      userName: o.userName,
      displayName: o.displayName ?? o.userName,
      email: o.email ?? null,
      isDisabled: o.isDisabled ?? false,
    })
    .returning();
  if (!user) throw new Error("insert returned nothing");
  const roleIds: string[] = [];
  for (const name of o.roles ?? []) {
    const [role] = await db.select().from(userRoles).where(eq(userRoles.name, name));
    if (!role) throw new Error(`no role ${name}`);
    roleIds.push(role.userRoleId);
  }
  if (o.actions) {
    const [role] = await db
      .insert(userRoles)
      .values({ name: `${o.userName}-actions`, actions: o.actions })
      .returning();
    roleIds.push(role!.userRoleId);
  }
  if (roleIds.length > 0)
    await db.insert(userRoleAssignments).values(roleIds.map((userRoleId) => ({ userId: user.userId, userRoleId })));
  return { userId: user.userId, userName: user.userName, displayName: user.displayName };
}

export async function findUser(db: Db, userName: string): Promise<TestUser> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.userName}) = lower(${userName})`);
  if (!row) throw new Error(`no user ${userName}`);
  return { userId: row.userId, userName: row.userName, displayName: row.displayName };
}

/** A valid product token for a user (by user name or as returned by createUser), as local sign-in issues it. */
export async function productTokenFor(db: Db, config: Config, user: string | TestUser): Promise<string> {
  const { userId, userName, displayName } = typeof user === "string" ? await findUser(db, user) : user;
  return signProductToken(config, { userId, userName, displayName, identityProvider: "local" });
}
