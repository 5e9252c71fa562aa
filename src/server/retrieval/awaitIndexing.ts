/** A question about a file uploaded a moment ago waits (bounded) for the file to become searchable. */
import { and, inArray } from "drizzle-orm";
import type { Db } from "../db/client";
import { indexingJobs } from "../db/filesSchema";
import { wakeIndexingWorkers } from "./jobs/wakeUp";

const POLL_MS = 150;

/** Resolves when none of the attachments is Queued or Processing, after `waitMs`, or on abort. */
export async function awaitIndexing(
  db: Db,
  attachmentIds: readonly string[],
  waitMs: number,
  signal: AbortSignal,
): Promise<void> {
  if (attachmentIds.length === 0) return;
  const deadline = Date.now() + waitMs;
  wakeIndexingWorkers();
  while (!signal.aborted) {
    const pending = await db
      .select({ attachmentId: indexingJobs.attachmentId })
      .from(indexingJobs)
      .where(
        and(
          inArray(indexingJobs.attachmentId, [...attachmentIds]),
          inArray(indexingJobs.status, ["Queued", "Processing"]),
        ),
      );
    if (pending.length === 0 || Date.now() >= deadline) return;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
