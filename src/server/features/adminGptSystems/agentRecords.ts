/** Agents as administrators see them: the AdminGptSystem record, lookups that 404, and the list query. */
import { and, asc, count, desc, eq, ilike, inArray, isNull, or, type SQL } from "drizzle-orm";
import type { components } from "../../../generated/api";
import { iso, notFound } from "../../admin/context";
import { FilterReader, likePattern } from "../../admin/filters";
import type { ListRequest, ListSpec } from "../../admin/listQuery";
import type { Db } from "../../db/client";
import { gptSystems } from "../../db/chatSchema";
import { users } from "../../db/schema";
import type { GptSystemRow } from "../gptSystems/agentAccess";

export type AdminGptSystem = components["schemas"]["AdminGptSystem"];
type Queryable = Pick<Db, "select">;

export const STATUSES = ["Active", "Inactive", "Deleted", "Draft"] as const;

export function toAdminGptSystem(row: GptSystemRow, ownerDisplayName: string | null): AdminGptSystem {
  return {
    gptSystemId: row.gptSystemId,
    name: row.name,
    description: row.description,
    gptSystemType: row.gptSystemType === "User" ? "User" : "System",
    status: row.status as AdminGptSystem["status"],
    isPublic: row.isPublic,
    publicChatEndpoint: row.publicChatEndpoint,
    moderationStatus: row.moderationStatus === "Banned" ? "Banned" : null,
    ownerUserId: row.ownerUserId,
    ownerDisplayName,
    publishedConfigStateId: row.publishedConfigStateId,
    hasAvatar: row.avatarBase64 !== null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: iso(row.updatedAt)!,
  };
}

const withOwner = (db: Queryable) =>
  db
    .select({ agent: gptSystems, owner: users.displayName })
    .from(gptSystems)
    .leftJoin(users, eq(users.userId, gptSystems.ownerUserId));

/** The agent row, or 404. */
export async function loadAgent(db: Queryable, gptSystemId: string): Promise<GptSystemRow> {
  const [row] = await db.select().from(gptSystems).where(eq(gptSystems.gptSystemId, gptSystemId));
  return row ?? notFound("agent");
}

export async function adminGptSystem(db: Queryable, gptSystemId: string): Promise<AdminGptSystem> {
  const [row] = await withOwner(db).where(eq(gptSystems.gptSystemId, gptSystemId));
  if (!row) notFound("agent");
  return toAdminGptSystem(row.agent, row.owner);
}

export const agentListSpec: ListSpec = {
  sortFields: ["name", "status", "gptSystemType", "isPublic", "createdAt", "updatedAt"],
  defaultSort: ["name", "ASC"],
  filters: ["q", "status", "gptSystemType", "isPublic", "moderationStatus"],
};

const sortColumns = {
  name: gptSystems.name,
  status: gptSystems.status,
  gptSystemType: gptSystems.gptSystemType,
  isPublic: gptSystems.isPublic,
  createdAt: gptSystems.createdAt,
  updatedAt: gptSystems.updatedAt,
};

function whereOf(filter: Record<string, unknown>): SQL | undefined {
  const f = new FilterReader(filter);
  const ids = f.ids();
  const q = f.string("q");
  const status = f.oneOf("status", STATUSES);
  const type = f.oneOf("gptSystemType", ["System", "User"] as const);
  const isPublic = f.boolean("isPublic");
  const moderation = f.oneOf("moderationStatus", ["Banned", "None"] as const);
  f.done();
  return and(
    ids ? inArray(gptSystems.gptSystemId, ids) : undefined,
    q ? or(ilike(gptSystems.name, likePattern(q)), ilike(gptSystems.description, likePattern(q))) : undefined,
    status ? eq(gptSystems.status, status) : undefined,
    type ? eq(gptSystems.gptSystemType, type) : undefined,
    isPublic === undefined ? undefined : eq(gptSystems.isPublic, isPublic),
    moderation === "Banned"
      ? eq(gptSystems.moderationStatus, "Banned")
      : moderation === "None"
        ? isNull(gptSystems.moderationStatus)
        : undefined,
  );
}

export async function listAdminGptSystems(
  db: Db,
  request: ListRequest,
): Promise<{ total: number; rows: AdminGptSystem[] }> {
  const where = whereOf(request.filter);
  const column = sortColumns[request.sort.field as keyof typeof sortColumns];
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(gptSystems).where(where);
  const rows = await withOwner(db)
    .where(where)
    .orderBy(request.sort.order === "ASC" ? asc(column) : desc(column), asc(gptSystems.gptSystemId))
    .offset(request.offset)
    .limit(request.limit);
  return { total, rows: rows.map((r) => toAdminGptSystem(r.agent, r.owner)) };
}
