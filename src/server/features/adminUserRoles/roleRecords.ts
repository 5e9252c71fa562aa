/** User roles as AdminUserRole records, and the built-in roles' identities. */
import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import type { components } from "../../../generated/api";
import { notFound } from "../../admin/context";
import { FilterReader, likePattern } from "../../admin/filters";
import type { ListRequest, ListSpec } from "../../admin/listQuery";
import type { Db } from "../../db/client";
import { userRoleAssignments, userRoles } from "../../db/schema";
import type { UserRoleRow } from "../../db/users";

export type AdminUserRole = components["schemas"]["AdminUserRole"];
type Queryable = Pick<Db, "select">;

/** The seed's built-in roles are recognised by name (seed.ts keeps `admin` holding every action). */
export const isAdminRole = (role: { name: string; isBuiltIn?: boolean }) =>
  role.isBuiltIn === true && role.name.toLowerCase() === "admin";

export function toAdminUserRole(row: UserRoleRow, userCount: number): AdminUserRole {
  return {
    userRoleId: row.userRoleId,
    name: row.name,
    description: row.description,
    actions: row.actions as AdminUserRole["actions"],
    isBuiltIn: row.isBuiltIn,
    userCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function counts(db: Queryable, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: userRoleAssignments.userRoleId, n: count() })
    .from(userRoleAssignments)
    .where(inArray(userRoleAssignments.userRoleId, ids))
    .groupBy(userRoleAssignments.userRoleId);
  return new Map(rows.map((r) => [r.id, r.n]));
}

export async function loadRole(db: Queryable, userRoleId: string): Promise<UserRoleRow> {
  const [row] = await db.select().from(userRoles).where(eq(userRoles.userRoleId, userRoleId));
  return row ?? notFound("user role");
}

export async function adminUserRole(db: Queryable, userRoleId: string): Promise<AdminUserRole> {
  return toAdminUserRole(await loadRole(db, userRoleId), (await counts(db, [userRoleId])).get(userRoleId) ?? 0);
}

/** True when another role already has this name (names are unique regardless of case). */
export async function roleNameTaken(db: Queryable, name: string, exceptId?: string): Promise<boolean> {
  const rows = await db
    .select({ id: userRoles.userRoleId })
    .from(userRoles)
    .where(sql`lower(${userRoles.name}) = lower(${name})`);
  return rows.some((r) => r.id !== exceptId);
}

export const roleListSpec: ListSpec = {
  sortFields: ["name", "isBuiltIn", "createdAt", "updatedAt"],
  defaultSort: ["name", "ASC"],
  filters: ["q", "isBuiltIn"],
};
const sortColumns = {
  name: userRoles.name,
  isBuiltIn: userRoles.isBuiltIn,
  createdAt: userRoles.createdAt,
  updatedAt: userRoles.updatedAt,
};

export async function listAdminUserRoles(db: Db, request: ListRequest) {
  const f = new FilterReader(request.filter);
  const ids = f.ids();
  const q = f.string("q");
  const isBuiltIn = f.boolean("isBuiltIn");
  f.done();
  const where: SQL | undefined = and(
    ids ? inArray(userRoles.userRoleId, ids) : undefined,
    q ? or(ilike(userRoles.name, likePattern(q)), ilike(userRoles.description, likePattern(q))) : undefined,
    isBuiltIn === undefined ? undefined : eq(userRoles.isBuiltIn, isBuiltIn),
  );
  const column = sortColumns[request.sort.field as keyof typeof sortColumns];
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(userRoles).where(where);
  const rows = await db
    .select()
    .from(userRoles)
    .where(where)
    .orderBy(request.sort.order === "ASC" ? asc(column) : desc(column), asc(userRoles.userRoleId))
    .offset(request.offset)
    .limit(request.limit);
  const n = await counts(
    db,
    rows.map((r) => r.userRoleId),
  );
  return { total, rows: rows.map((r) => toAdminUserRole(r, n.get(r.userRoleId) ?? 0)) };
}
