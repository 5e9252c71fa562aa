/** The files of a file library: listing (top, keywords, status), and their rows in the API's shape. */
import { and, desc, eq, gte, ilike, lt, type SQL } from "drizzle-orm";
import type { components } from "../../../generated/api";
import { likePattern } from "../../admin/filters";
import type { Db } from "../../db/client";
import { attachments, indexingJobs } from "../../db/filesSchema";
import { problem } from "../../http/problem";
import { INDEX_VERSION } from "../../retrieval/indexAttachment";
import { type AttachmentRow, type IndexingJobRow } from "../attachments/attachmentRepo";

type Schemas = components["schemas"];

type FileIndexStatus = Schemas["FileIndexStatus"];

/** The text index: the job's state, or OutOfDate when an older indexer built it. */
export function textIndexStatus(job: IndexingJobRow | null): FileIndexStatus {
  if (!job) return "Online";
  if (job.status === "Online" && job.indexVersion < INDEX_VERSION) return "OutOfDate";
  return job.status as FileIndexStatus;
}

/** The graph index is built by the same job, after the text: it shares its progress but has its own outcome. */
export function graphIndexStatus(job: IndexingJobRow | null): FileIndexStatus {
  const text = textIndexStatus(job);
  if (text !== "Online" || !job) return text;
  return job.graphStatus === "Error" ? "Error" : job.graphStatus === "Online" ? "Online" : "OutOfDate";
}

export function toDataSourceFile(row: AttachmentRow, job: IndexingJobRow | null): Schemas["DataSourceFile"] {
  const text = textIndexStatus(job);
  return {
    fileId: row.attachmentId,
    dataSourceId: row.dataSourceId!,
    fileName: row.originalFileName,
    mimeType: row.mimeType,
    byteSize: row.byteSize,
    status: text,
    textIndexStatus: text,
    graphIndexStatus: graphIndexStatus(job),
    errorText: job?.status === "Error" ? job.lastError : null,
    graphErrorText: job?.graphStatus === "Error" ? job.graphError : null,
    pageCount: job?.pageCount ?? null,
    chunkCount: job?.chunkCount ?? null,
    entityCount: job?.entityCount ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The file listing's status filter over the job's columns. */
function statusCondition(status: FileIndexStatus): SQL | undefined {
  if (status === "OutOfDate")
    return and(eq(indexingJobs.status, "Online"), lt(indexingJobs.indexVersion, INDEX_VERSION));
  if (status === "Online") return and(eq(indexingJobs.status, "Online"), gte(indexingJobs.indexVersion, INDEX_VERSION));
  return eq(indexingJobs.status, status);
}

export interface FileQuery {
  top?: number;
  keywords?: string;
  status?: FileIndexStatus;
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
        q.status ? statusCondition(q.status) : undefined,
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
