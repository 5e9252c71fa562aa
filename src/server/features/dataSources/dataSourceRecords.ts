/** File libraries as the admin API shows them: their files' indexing states rolled up into one status. */
import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import type { components } from "../../../generated/api";
import { FilterReader, likePattern } from "../../admin/filters";
import type { ListRequest, ListSpec } from "../../admin/listQuery";
import type { Db } from "../../db/client";
import { attachments, dataSources, indexingJobs } from "../../db/filesSchema";
import { problem } from "../../http/problem";

type Schemas = components["schemas"];
type Queryable = Pick<Db, "select">;
export type DataSourceRow = typeof dataSources.$inferSelect;

export const dataSourceListSpec: ListSpec = {
  sortFields: ["name", "createdAt", "updatedAt"],
  defaultSort: ["name", "ASC"],
  filters: ["q"],
};

const sortColumns = { name: dataSources.name, createdAt: dataSources.createdAt, updatedAt: dataSources.updatedAt };

export async function loadDataSource(db: Queryable, dataSourceId: string): Promise<DataSourceRow> {
  const [row] = await db.select().from(dataSources).where(eq(dataSources.dataSourceId, dataSourceId));
  if (!row) throw problem(404, "Not Found", "No such file library.");
  return row;
}

interface FileStats {
  fileCount: number;
  failed: number;
  pending: number;
}

async function statsOf(db: Queryable, ids: string[]): Promise<Map<string, FileStats>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      dataSourceId: attachments.dataSourceId,
      fileCount: count(),
      failed: sql<number>`count(*) filter (where ${indexingJobs.status} = 'Error')`.mapWith(Number),
      pending: sql<number>`count(*) filter (where ${indexingJobs.status} in ('Queued', 'Processing'))`.mapWith(Number),
    })
    .from(attachments)
    .leftJoin(indexingJobs, eq(indexingJobs.attachmentId, attachments.attachmentId))
    .where(inArray(attachments.dataSourceId, ids))
    .groupBy(attachments.dataSourceId);
  return new Map(rows.map((r) => [r.dataSourceId!, r]));
}

function toDataSource(row: DataSourceRow, stats: FileStats | undefined): Schemas["DataSource"] {
  const status = stats?.failed ? "Error" : stats?.pending ? "Processing" : "Online";
  return {
    dataSourceId: row.dataSourceId,
    name: row.name,
    description: row.description,
    status,
    fileCount: stats?.fileCount ?? 0,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function dataSourceRecord(db: Queryable, dataSourceId: string): Promise<Schemas["DataSource"]> {
  const row = await loadDataSource(db, dataSourceId);
  return toDataSource(row, (await statsOf(db, [row.dataSourceId])).get(row.dataSourceId));
}

function whereOf(filter: Record<string, unknown>): SQL | undefined {
  const f = new FilterReader(filter);
  const ids = f.ids();
  const q = f.string("q");
  f.done();
  return and(
    ids ? inArray(dataSources.dataSourceId, ids) : undefined,
    q ? or(ilike(dataSources.name, likePattern(q)), ilike(dataSources.description, likePattern(q))) : undefined,
  );
}

export async function listDataSourceRecords(
  db: Db,
  request: ListRequest,
): Promise<{ total: number; rows: Schemas["DataSource"][] }> {
  const where = whereOf(request.filter);
  const column = sortColumns[request.sort.field as keyof typeof sortColumns];
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(dataSources).where(where);
  const rows = await db
    .select()
    .from(dataSources)
    .where(where)
    .orderBy(request.sort.order === "ASC" ? asc(column) : desc(column), asc(dataSources.dataSourceId))
    .offset(request.offset)
    .limit(request.limit);
  const stats = await statsOf(
    db,
    rows.map((r) => r.dataSourceId),
  );
  return { total, rows: rows.map((r) => toDataSource(r, stats.get(r.dataSourceId))) };
}
