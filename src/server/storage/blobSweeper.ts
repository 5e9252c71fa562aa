/**
 * Removes blobs whose owning row is gone. Deleting an attachment, a data source
 * file, a vision image or a generated file (directly or by cascade: a user, a
 * library, a conversation deleted by retention) queues its
 * blob keys in orphaned_blobs from a database trigger, in the deleting
 * transaction; the sweeper deletes those blobs once they have been orphaned for
 * the grace period (a download that started before the delete may still be
 * reading), on start and then periodically.
 */
import { and, eq, inArray, lte, or, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/client";
import { generatedFiles } from "../db/codeInterpreterSchema";
import { attachments, orphanedBlobs, visionImages } from "../db/filesSchema";
import type { BlobStore } from "./blobStore";

export const BLOB_GRACE_MS = 60 * 60 * 1000;
export const SWEEP_INTERVAL_MS = 10 * 60 * 1000;
const BATCH = 200;

/** Keys still named by a live row (never expected, but a blob is only ever removed when nothing names it). */
async function stillReferenced(db: Db, keys: string[]): Promise<Set<string>> {
  const [files, images, generated] = await Promise.all([
    db.select({ key: attachments.blobKey }).from(attachments).where(inArray(attachments.blobKey, keys)),
    db
      .select({ key: visionImages.blobKey, thumbnail: visionImages.thumbnailBlobKey })
      .from(visionImages)
      .where(or(inArray(visionImages.blobKey, keys), inArray(visionImages.thumbnailBlobKey, keys))),
    db.select({ key: generatedFiles.blobKey }).from(generatedFiles).where(inArray(generatedFiles.blobKey, keys)),
  ]);
  return new Set([
    ...files.map((f) => f.key),
    ...images.flatMap((i) => [i.key, i.thumbnail]),
    ...generated.map((g) => g.key),
  ]);
}

/** One pass: returns how many blobs were removed. */
export async function sweepOrphanedBlobs(db: Db, blobs: BlobStore, graceMs = BLOB_GRACE_MS): Promise<number> {
  let removed = 0;
  for (;;) {
    const due = await db
      .select({ key: orphanedBlobs.blobKey })
      .from(orphanedBlobs)
      // At most: the embedded database's clock counts milliseconds, so a blob orphaned in the same one is due too.
      .where(lte(orphanedBlobs.orphanedAt, sql`now() - make_interval(secs => ${graceMs / 1000})`))
      .limit(BATCH);
    if (due.length === 0) return removed;
    const keys = due.map((d) => d.key);
    const keep = await stillReferenced(db, keys);
    for (const key of keys) {
      if (!keep.has(key)) {
        await blobs.delete(key);
        removed++;
      }
      await db.delete(orphanedBlobs).where(and(eq(orphanedBlobs.blobKey, key)));
    }
    if (due.length < BATCH) return removed;
  }
}

export interface BlobSweeper {
  stop(): Promise<void>;
}

export function startBlobSweeper(options: {
  db: Db;
  blobs: BlobStore;
  log: FastifyBaseLogger;
  intervalMs?: number;
  graceMs?: number;
}): BlobSweeper {
  const { db, blobs, log, intervalMs = SWEEP_INTERVAL_MS, graceMs = BLOB_GRACE_MS } = options;
  let running: Promise<void> = Promise.resolve();
  const sweep = () => {
    running = sweepOrphanedBlobs(db, blobs, graceMs).then(
      (removed) => {
        if (removed > 0) log.info({ removed }, "orphaned blobs removed");
      },
      (error: unknown) => log.error({ err: error }, "blob sweep failed"),
    );
  };
  sweep();
  const timer = setInterval(sweep, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
