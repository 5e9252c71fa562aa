/** Users as AdminUser records (never their password hash), lookups that 404, the list query. */
import { and, asc, count, desc, eq, exists, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import type { components } from "../../../generated/api";
import { iso, notFound } from "../../admin/context";
import { FilterReader, likePattern } from "../../admin/filters";
import type { ListRequest, ListSpec } from "../../admin/listQuery";
import type { Db } from "../../db/client";
import { identities, userRoleAssignments, users } from "../../db/schema";
import type { UserRow } from "../../db/users";

export type AdminUser = components["schemas"]["AdminUser"];
type Queryable = Pick<Db, "select">;
type Provider = NonNullable<AdminUser["identityProviders"]>[number];

export function toAdminUser(row: UserRow, roleIds: string[], providers: string[]): AdminUser {
  return {
    userId: row.userId,
    userName: row.userName,
    displayName: row.displayName,
    email: row.email,
    isDisabled: row.isDisabled,
    userRoleIds: roleIds,
    isBannedFromCreatingAgents: row.isBannedFromCreatingAgents,
    isBannedFromSharingAgents: row.isBannedFromSharingAgents,
    identityProviders: [...new Set(providers)].sort() as Provider[],
    hasPassword: row.passwordHash !== null,
    lastSignInAt: iso(row.lastSignInAt),
    createdAt: row.createdAt.toISOString(),
  };
}

async function related(db: Queryable, userIds: string[]) {
  if (userIds.length === 0) return { roles: new Map<string, string[]>(), providers: new Map<string, string[]>() };
  const [assignments, accounts] = await Promise.all([
    db.select().from(userRoleAssignments).where(inArray(userRoleAssignments.userId, userIds)),
    db
      .select({ userId: identities.userId, provider: identities.provider })
      .from(identities)
      .where(inArray(identities.userId, userIds)),
  ]);
  const group = <T extends { userId: string }>(rows: T[], value: (r: T) => string) => {
    const map = new Map<string, string[]>();
    for (const r of rows) map.set(r.userId, [...(map.get(r.userId) ?? []), value(r)]);
    return map;
  };
  return { roles: group(assignments, (a) => a.userRoleId), providers: group(accounts, (a) => a.provider) };
}

export async function loadUser(db: Queryable, userId: string): Promise<UserRow> {
  const [row] = await db.select().from(users).where(eq(users.userId, userId));
  return row ?? notFound("user");
}

export async function adminUser(db: Queryable, userId: string): Promise<AdminUser> {
  const row = await loadUser(db, userId);
  const { roles, providers } = await related(db, [userId]);
  return toAdminUser(row, (roles.get(userId) ?? []).sort(), providers.get(userId) ?? []);
}

export async function userNameTaken(db: Queryable, userName: string): Promise<boolean> {
  return (
    (
      await db
        .select({ id: users.userId })
        .from(users)
        .where(sql`lower(${users.userName}) = lower(${userName})`)
    ).length > 0
  );
}

export const userListSpec: ListSpec = {
  sortFields: ["userName", "displayName", "email", "createdAt", "lastSignInAt"],
  defaultSort: ["userName", "ASC"],
  filters: ["q", "role", "isDisabled"],
};
const sortColumns = {
  userName: users.userName,
  displayName: users.displayName,
  email: users.email,
  createdAt: users.createdAt,
  lastSignInAt: users.lastSignInAt,
};

export async function listAdminUsers(db: Db, request: ListRequest) {
  const f = new FilterReader(request.filter);
  const ids = f.ids();
  const q = f.string("q");
  const role = f.uuid("role");
  const isDisabled = f.boolean("isDisabled");
  f.done();
  const where: SQL | undefined = and(
    ids ? inArray(users.userId, ids) : undefined,
    q
      ? or(
          ilike(users.userName, likePattern(q)),
          ilike(users.displayName, likePattern(q)),
          ilike(users.email, likePattern(q)),
        )
      : undefined,
    role
      ? exists(
          db
            .select({ one: sql`1` })
            .from(userRoleAssignments)
            .where(and(eq(userRoleAssignments.userId, users.userId), eq(userRoleAssignments.userRoleId, role))),
        )
      : undefined,
    isDisabled === undefined ? undefined : eq(users.isDisabled, isDisabled),
  );
  const column = sortColumns[request.sort.field as keyof typeof sortColumns];
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(users).where(where);
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(request.sort.order === "ASC" ? asc(column) : desc(column), asc(users.userId))
    .offset(request.offset)
    .limit(request.limit);
  const { roles, providers } = await related(
    db,
    rows.map((r) => r.userId),
  );
  return {
    total,
    rows: rows.map((r) => toAdminUser(r, (roles.get(r.userId) ?? []).sort(), providers.get(r.userId) ?? [])),
  };
}
