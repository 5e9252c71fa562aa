/**
 * Reading the caller's attachments; another user's attachment answers exactly like a missing one (404).
 * Files of a file library are not attachments here, even for the administrator who uploaded them.
 */
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { components } from "../../../generated/api";
import type { Db } from "../../db/client";
import { attachments, indexingJobs } from "../../db/filesSchema";
import { problem } from "../../http/problem";

type Schemas = components["schemas"];
export type AttachmentRow = typeof attachments.$inferSelect;
export type IndexingJobRow = typeof indexingJobs.$inferSelect;

export const noSuchAttachment = () => problem(404, "Not Found", "No such attachment.");

export async function getOwnedAttachment(
  db: Db,
  ownerUserId: string,
  attachmentId: string,
): Promise<{ row: AttachmentRow; job: IndexingJobRow | null }> {
  const [found] = await db
    .select()
    .from(attachments)
    .leftJoin(indexingJobs, eq(indexingJobs.attachmentId, attachments.attachmentId))
    .where(
      and(
        eq(attachments.attachmentId, attachmentId),
        eq(attachments.ownerUserId, ownerUserId),
        isNull(attachments.dataSourceId),
      ),
    );
  if (!found) throw noSuchAttachment();
  return { row: found.attachments, job: found.indexing_jobs };
}

/** 404 unless every id names one of the caller's attachments. */
export async function assertOwnAttachments(db: Db, ownerUserId: string, ids: readonly string[]): Promise<void> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return;
  const rows = await db
    .select({ id: attachments.attachmentId })
    .from(attachments)
    .where(
      and(
        inArray(attachments.attachmentId, unique),
        eq(attachments.ownerUserId, ownerUserId),
        isNull(attachments.dataSourceId),
      ),
    );
  if (rows.length !== unique.length) throw noSuchAttachment();
}

/** CodeInterpreter files are never indexed: they are usable as soon as they are stored. */
export function statusOf(job: IndexingJobRow | null): Schemas["AttachmentStatus"] {
  return (job?.status as Schemas["AttachmentStatus"] | undefined) ?? "Online";
}

export function toAttachment(row: AttachmentRow, job: IndexingJobRow | null): Schemas["Attachment"] {
  return {
    attachmentId: row.attachmentId,
    originalFileName: row.originalFileName,
    type: row.type as Schemas["AttachmentType"],
    context: row.context as Schemas["AttachmentContext"],
    status: statusOf(job),
  };
}

export function toAttachmentDetails(row: AttachmentRow, job: IndexingJobRow | null): Schemas["AttachmentDetails"] {
  return {
    ...toAttachment(row, job),
    mimeType: row.mimeType,
    byteSize: row.byteSize,
    createdAt: row.createdAt.toISOString(),
    errorText: job?.status === "Error" ? job.lastError : null,
    pageCount: job?.pageCount ?? null,
    chunkCount: job?.chunkCount ?? null,
  };
}
