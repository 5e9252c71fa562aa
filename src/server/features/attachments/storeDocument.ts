/**
 * The steps every document upload shares (attachments, file libraries): sniff
 * and size-check the bytes, store the blob, insert the row and its indexing job
 * in the caller's transaction; a failure after the blob was written removes it,
 * so a refused or failed upload leaves nothing behind.
 */
import { createHash } from "node:crypto";
import type { Config, UploadLimits } from "../../config";
import type { Db } from "../../db/client";
import { attachments, indexingJobs } from "../../db/filesSchema";
import { wakeIndexingWorkers } from "../../retrieval/jobs/wakeUp";
import { blobStoreFor } from "../../storage/blobStoreFor";
import { tooLarge, type Upload } from "../../uploads/readUpload";
import { safeFileName } from "../../uploads/safeFileName";
import { limitFor, sniffDocument } from "../../uploads/sniffContent";
import type { AttachmentRow, IndexingJobRow } from "./attachmentRepo";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export interface CheckedDocument {
  originalFileName: string;
  mimeType: string;
  bytes: Buffer;
}

/** The largest upload any document kind allows: what the multipart reader may buffer. */
export function maxDocumentBytes(limits: UploadLimits): number {
  return Math.max(limits.pdf, limits.docx, limits.text);
}

export async function checkDocument(upload: Upload, limits: UploadLimits): Promise<CheckedDocument> {
  const originalFileName = safeFileName(upload.fileName);
  const sniffed = await sniffDocument(upload.bytes, originalFileName, limits);
  const limit = limitFor(sniffed.kind, limits);
  if (upload.bytes.length > limit) throw tooLarge(limit);
  return { originalFileName, mimeType: sniffed.mimeType, bytes: upload.bytes };
}

export interface DocumentOwner {
  ownerUserId: string;
  type: "FileSearch" | "CodeInterpreter";
  context: "GptSystem" | "Conversation" | "DataSource";
  dataSourceId?: string;
}

/** Inserts the row (and, for FileSearch, its Queued job) inside `tx`. */
export async function insertDocument(
  tx: Tx,
  doc: CheckedDocument,
  blobKey: string,
  owner: DocumentOwner,
): Promise<{ row: AttachmentRow; job: IndexingJobRow | null }> {
  const [row] = await tx
    .insert(attachments)
    .values({
      ...owner,
      dataSourceId: owner.dataSourceId ?? null,
      originalFileName: doc.originalFileName,
      mimeType: doc.mimeType,
      byteSize: doc.bytes.length,
      sha256: createHash("sha256").update(doc.bytes).digest("hex"),
      blobKey,
    })
    .returning();
  const [job] =
    owner.type === "FileSearch"
      ? await tx.insert(indexingJobs).values({ attachmentId: row!.attachmentId }).returning()
      : [];
  return { row: row!, job: job ?? null };
}

/** Writes the blob, runs `save` with its key, and removes the blob again if `save` fails. */
export async function withStoredBlob<T>(
  config: Pick<Config, "blobDir" | "s3">,
  bytes: Buffer,
  save: (blobKey: string) => Promise<T>,
): Promise<T> {
  const blobs = blobStoreFor(config);
  const blobKey = await blobs.put(bytes);
  try {
    const result = await save(blobKey);
    wakeIndexingWorkers();
    return result;
  } catch (error) {
    await blobs.delete(blobKey);
    throw error;
  }
}
