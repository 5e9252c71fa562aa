/**
 * Which files a question is answered from: the FileSearch attachments of the
 * conversation's path so far, and the files of the agent's file libraries.
 */
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Db } from "../db/client";
import { attachments } from "../db/filesSchema";

export async function fileSearchAttachmentIds(
  db: Db,
  ownerUserId: string,
  segments: readonly { attachmentIds: string[] }[],
): Promise<string[]> {
  const ids = [...new Set(segments.flatMap((s) => s.attachmentIds))];
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: attachments.attachmentId })
    .from(attachments)
    .where(
      and(
        inArray(attachments.attachmentId, ids),
        eq(attachments.ownerUserId, ownerUserId),
        eq(attachments.type, "FileSearch"),
        isNull(attachments.dataSourceId),
      ),
    );
  return rows.map((r) => r.id);
}

export async function dataSourceFileIds(db: Db, dataSourceIds: readonly string[]): Promise<string[]> {
  // Configurations may name libraries that were deleted since, or ids that are not uuids at all.
  const ids = dataSourceIds.filter((id) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id));
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: attachments.attachmentId })
    .from(attachments)
    .where(inArray(attachments.dataSourceId, ids));
  return rows.map((r) => r.id);
}
