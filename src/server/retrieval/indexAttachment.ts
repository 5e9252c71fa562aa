/** One indexing job: read the blob, extract, chunk, and replace the attachment's chunks in one transaction. */
import { eq } from "drizzle-orm";
import type { Config } from "../config";
import type { Db } from "../db/client";
import { attachments, fileChunks } from "../db/filesSchema";
import { blobStoreFor } from "../storage/blobStoreFor";
import { chunkSections } from "./chunk";
import { extractText } from "./extract";
import { ExtractionError } from "./extract/types";
import { completeJob, type IndexingJob } from "./jobs/jobQueue";

/** Rows per INSERT: well under PostgreSQL's 65535 bind parameters. */
const INSERT_BATCH = 500;

export async function indexAttachment(
  db: Db,
  config: Pick<Config, "blobDir" | "s3" | "uploadLimits">,
  job: IndexingJob,
): Promise<{ chunkCount: number; pageCount: number | null }> {
  const [attachment] = await db.select().from(attachments).where(eq(attachments.attachmentId, job.attachmentId));
  if (!attachment) throw new ExtractionError("The attachment no longer exists.");
  const bytes = await blobStoreFor(config).get(attachment.blobKey);
  const extracted = await extractText(bytes, attachment.mimeType, config.uploadLimits);
  const chunks = chunkSections(extracted.sections);
  if (chunks.length === 0)
    throw new ExtractionError("The file contains no text to search (a scanned PDF needs OCR first).");
  const result = { chunkCount: chunks.length, pageCount: extracted.pageCount };
  await db.transaction(async (tx) => {
    // A retried job starts from a clean slate.
    await tx.delete(fileChunks).where(eq(fileChunks.attachmentId, attachment.attachmentId));
    for (let i = 0; i < chunks.length; i += INSERT_BATCH)
      await tx
        .insert(fileChunks)
        .values(
          chunks
            .slice(i, i + INSERT_BATCH)
            .map((c) => ({
              attachmentId: attachment.attachmentId,
              ordinal: c.ordinal,
              page: c.page,
              heading: c.heading,
              content: c.content,
            })),
        );
    await completeJob(tx, job, result);
  });
  return result;
}
