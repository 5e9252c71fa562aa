/** The files of a file library: listing (top, keywords, status), and their rows in the API's shape. */
import { and, desc, eq, ilike } from "drizzle-orm";
import type { components } from "../../../generated/api";
import { likePattern } from "../../admin/filters";
import type { Db } from "../../db/client";
import { attachments, indexingJobs } from "../../db/filesSchema";
import { problem } from "../../http/problem";
import { statusOf, type AttachmentRow, type IndexingJobRow } from "../attachments/attachmentRepo";

type Schemas = components["schemas"];

export function toDataSourceFile(row: AttachmentRow, job: IndexingJobRow | null): Schemas["DataSourceFile"] {
  return {
    fileId: row.attachmentId,
    dataSourceId: row.dataSourceId!,
    fileName: row.originalFileName,
    mimeType: row.mimeType,
    byteSize: row.byteSize,
    status: statusOf(job),
    errorText: job?.status === "Error" ? job.lastError : null,
    pageCount: job?.pageCount ?? null,
    chunkCount: job?.chunkCount ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export interface FileQuery {
  top?: number;
  keywords?: string;
  status?: Schemas["AttachmentStatus"];
}

export async function listFiles(db: Db, dataSourceId: string, q: FileQuery): Promise<Schemas["DataSourceFile"][]> {
  const rows = await db
    .select()
    .from(attachments)
    .leftJoin(indexingJobs, eq(indexingJobs.attachmentId, attachments.attachmentId))
    .where(
      and(
        eq(attachments.dataSourceId, dataSourceId),
        q.keywords ? ilike(attachments.originalFileName, likePattern(q.keywords)) : undefined,
        // Library files are always FileSearch, so each has a job.
        q.status ? eq(indexingJobs.status, q.status) : undefined,
      ),
    )
    .orderBy(desc(attachments.createdAt))
    .limit(q.top ?? 100);
  return rows.map((r) => toDataSourceFile(r.attachments, r.indexing_jobs));
}

export async function loadFile(db: Pick<Db, "select">, dataSourceId: string, fileId: string): Promise<AttachmentRow> {
  const [row] = await db
    .select()
    .from(attachments)
    .where(and(eq(attachments.attachmentId, fileId), eq(attachments.dataSourceId, dataSourceId)));
  if (!row) throw problem(404, "Not Found", "No such file in this library.");
  return row;
}
