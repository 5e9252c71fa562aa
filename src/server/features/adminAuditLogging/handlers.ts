/** Handlers of the adminAuditLogging tag: the configuration audit log, read-only (entries are written by admin/audit.ts). */
import { and, asc, count, desc, eq, gte, ilike, inArray, lt, type SQL } from "drizzle-orm";
import type { components } from "../../../generated/api";
import { notFound } from "../../admin/context";
import { FilterReader, likePattern } from "../../admin/filters";
import { parseListQuery, sendPage, type ListSpec } from "../../admin/listQuery";
import { auditLog } from "../../db/schema";
import type { Handlers } from "../../http/types";

type Entry = components["schemas"]["AuditLogEntry"];
type Row = typeof auditLog.$inferSelect;

const ENTITY_TYPES = [
  "GptSystem",
  "ConfigState",
  "GptSystemPrompt",
  "Connection",
  "Deployment",
  "UserRole",
  "User",
  "ChatAccessPolicy",
  "Brand",
  "InstanceSettings",
  "ModerationReport",
  "PerformanceTest",
  "PerformanceTestRun",
  "DataSource",
  "DataSourceFile",
  "GuidelinesDocument",
  "GuidelinesTemplate",
] as const;
const OPERATIONS = ["Create", "Update", "Delete", "Publish"] as const;
const DAY_MS = 24 * 60 * 60 * 1000;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

const toEntry = (row: Row): Entry => ({
  auditLogId: row.auditLogId,
  occurredAt: row.occurredAt.toISOString(),
  actorUserId: row.actorUserId,
  actorDisplayName: row.actorDisplayName,
  entityType: row.entityType as Entry["entityType"],
  entityId: row.entityId,
  operation: row.operation as Entry["operation"],
  before: row.before as Entry["before"],
  after: row.after as Entry["after"],
  requestId: row.requestId,
});

const spec: ListSpec = {
  sortFields: ["occurredAt", "entityType", "operation", "actorDisplayName"],
  defaultSort: ["occurredAt", "DESC"],
  filters: ["entityType", "entityId", "operation", "actor", "q", "from", "to"],
};
const sortColumns = {
  occurredAt: auditLog.occurredAt,
  entityType: auditLog.entityType,
  operation: auditLog.operation,
  actorDisplayName: auditLog.actorDisplayName,
};

function whereOf(filter: Record<string, unknown>): SQL | undefined {
  const f = new FilterReader(filter);
  const ids = f.ids();
  const entityType = f.oneOf("entityType", ENTITY_TYPES);
  const entityId = f.string("entityId");
  const operation = f.oneOf("operation", OPERATIONS);
  const actor = f.uuid("actor");
  const q = f.string("q");
  const from = f.date("from");
  const to = f.date("to");
  f.done();
  // A date without a time means the whole of that day.
  const until =
    to && DATE_ONLY.test(String(filter.to))
      ? new Date(to.getTime() + DAY_MS)
      : to
        ? new Date(to.getTime() + 1)
        : undefined;
  return and(
    ids ? inArray(auditLog.auditLogId, ids) : undefined,
    entityType ? eq(auditLog.entityType, entityType) : undefined,
    entityId ? eq(auditLog.entityId, entityId) : undefined,
    operation ? eq(auditLog.operation, operation) : undefined,
    actor ? eq(auditLog.actorUserId, actor) : undefined,
    q ? ilike(auditLog.actorDisplayName, likePattern(q)) : undefined,
    from ? gte(auditLog.occurredAt, from) : undefined,
    until ? lt(auditLog.occurredAt, until) : undefined,
  );
}

export const adminAuditLoggingHandlers: Handlers = {
  async listAdminAuditLogging(request, reply, ctx) {
    const db = ctx.deps.database.db;
    const list = parseListQuery(request.query, spec);
    const where = whereOf(list.filter);
    const column = sortColumns[list.sort.field as keyof typeof sortColumns];
    const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(auditLog).where(where);
    const rows = await db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(
        list.sort.order === "ASC" ? asc(column) : desc(column),
        desc(auditLog.occurredAt),
        asc(auditLog.auditLogId),
      )
      .offset(list.offset)
      .limit(list.limit);
    return sendPage(reply, "auditLogging", list, total, rows.map(toEntry));
  },

  async getAdminAuditLogging(request, _reply, ctx) {
    const { auditLogId } = request.params as { auditLogId: string };
    const [row] = await ctx.deps.database.db.select().from(auditLog).where(eq(auditLog.auditLogId, auditLogId));
    return row ? toEntry(row) : notFound("audit log entry");
  },
};
