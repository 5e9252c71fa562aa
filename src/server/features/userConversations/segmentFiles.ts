/**
 * The files a segment's question was asked with, as the client needs them after
 * a reload: a segment stores only ids, so the names, sizes and types are joined
 * from the owner's vision images and attachments. A file deleted since is left out.
 */
import { and, eq, inArray } from "drizzle-orm";
import type { components } from "../../../generated/api";
import type { Db } from "../../db/client";
import { attachments, visionImages } from "../../db/filesSchema";

type Schemas = components["schemas"];

export interface SegmentFileLookup {
  visionImages: ReadonlyMap<string, Schemas["VisionImage"]>;
  attachments: ReadonlyMap<string, Schemas["SegmentAttachmentFile"]>;
}

/** One query per kind for every segment given; only the owner's files are read. */
export async function segmentFilesFor(
  db: Db,
  ownerUserId: string,
  segments: readonly { visionImageIds: string[]; attachmentIds: string[] }[],
): Promise<SegmentFileLookup> {
  const imageIds = [...new Set(segments.flatMap((s) => s.visionImageIds))];
  const attachmentIds = [...new Set(segments.flatMap((s) => s.attachmentIds))];
  const [imageRows, attachmentRows] = await Promise.all([
    imageIds.length === 0
      ? []
      : db
          .select({
            visionImageId: visionImages.visionImageId,
            blobFileName: visionImages.blobFileName,
            thumbnailBlobFileName: visionImages.thumbnailBlobFileName,
            mimeType: visionImages.mimeType,
          })
          .from(visionImages)
          .where(and(inArray(visionImages.visionImageId, imageIds), eq(visionImages.ownerUserId, ownerUserId))),
    attachmentIds.length === 0
      ? []
      : db
          .select({
            attachmentId: attachments.attachmentId,
            originalFileName: attachments.originalFileName,
            byteSize: attachments.byteSize,
            mimeType: attachments.mimeType,
            type: attachments.type,
          })
          .from(attachments)
          .where(and(inArray(attachments.attachmentId, attachmentIds), eq(attachments.ownerUserId, ownerUserId))),
  ]);
  return {
    visionImages: new Map(imageRows.map((r) => [r.visionImageId, r])),
    attachments: new Map(
      attachmentRows.map((r) => [r.attachmentId, { ...r, type: r.type as Schemas["AttachmentType"] }]),
    ),
  };
}

/** The segment's files in the order asked, those still known. */
export function filesOfSegment(
  row: { visionImageIds: string[]; attachmentIds: string[] },
  lookup: SegmentFileLookup,
): Pick<Schemas["ConversationSegment"], "visionImageFiles" | "attachmentFiles"> {
  return {
    visionImageFiles: row.visionImageIds.flatMap((id) => lookup.visionImages.get(id) ?? []),
    attachmentFiles: row.attachmentIds.flatMap((id) => lookup.attachments.get(id) ?? []),
  };
}
