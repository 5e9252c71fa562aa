/**
 * The durable job table's transitions. A job is claimed with FOR UPDATE SKIP
 * LOCKED (several server instances never take the same one), held under a lease
 * that the worker renews, and taken again when the lease runs out (a crash or a
 * restart mid-job). Every later write checks the claim is still ours.
 */
import { and, asc, eq, lt, lte, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { indexingJobs } from "../../db/filesSchema";

export type IndexingJob = typeof indexingJobs.$inferSelect;
type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

const leaseEnd = (leaseMs: number) => sql`now() + make_interval(secs => ${leaseMs / 1000})`;

export async function claimNextJob(db: Db, leaseMs: number): Promise<IndexingJob | undefined> {
  return db.transaction(async (tx) => {
    const [due] = await tx
      .select({ jobId: indexingJobs.jobId })
      .from(indexingJobs)
      .where(
        or(
          and(eq(indexingJobs.status, "Queued"), lte(indexingJobs.runAfter, sql`now()`)),
          and(eq(indexingJobs.status, "Processing"), lt(indexingJobs.leaseUntil, sql`now()`)),
        ),
      )
      .orderBy(asc(indexingJobs.runAfter))
      .limit(1)
      .for("update", { skipLocked: true });
    if (!due) return undefined;
    const [claimed] = await tx
      .update(indexingJobs)
      .set({
        status: "Processing",
        attempts: sql`${indexingJobs.attempts} + 1`,
        leaseUntil: leaseEnd(leaseMs),
        updatedAt: sql`now()`,
      })
      .where(eq(indexingJobs.jobId, due.jobId))
      .returning();
    return claimed;
  });
}

/** Our claim: the same job, still Processing, at the attempt we took. */
const ours = (job: IndexingJob) =>
  and(
    eq(indexingJobs.jobId, job.jobId),
    eq(indexingJobs.status, "Processing"),
    eq(indexingJobs.attempts, job.attempts),
  );

export async function renewLease(db: Db, job: IndexingJob, leaseMs: number): Promise<boolean> {
  const rows = await db
    .update(indexingJobs)
    .set({ leaseUntil: leaseEnd(leaseMs) })
    .where(ours(job))
    .returning({ jobId: indexingJobs.jobId });
  return rows.length > 0;
}

export class LostClaimError extends Error {
  constructor() {
    super("The job was taken over by another worker.");
    this.name = "LostClaimError";
  }
}

export interface IndexOutcome {
  chunkCount: number;
  pageCount: number | null;
  indexVersion: number;
  graphStatus: "Online" | "Error";
  graphError: string | null;
  entityCount: number | null;
}

/** The text index was just replaced: no vectors yet (embedAttachment adds them when a model is set). */
export const NO_EMBEDDINGS = { embeddingModel: null, embeddingStatus: null, embeddingError: null } as const;

/** Still the run that completed the job: no later claim (a re-index) has started since. */
const completedBy = (job: IndexingJob) =>
  and(eq(indexingJobs.jobId, job.jobId), eq(indexingJobs.status, "Online"), eq(indexingJobs.attempts, job.attempts));

/** The vector index's outcome, written after the text index; false when a newer run took over. */
export async function recordEmbedding(
  tx: Pick<Tx, "update">,
  job: IndexingJob,
  result: { embeddingModel: string | null; embeddingStatus: "Online" | "Error"; embeddingError: string | null },
): Promise<boolean> {
  const rows = await tx
    .update(indexingJobs)
    .set({ ...result, embeddingError: result.embeddingError?.slice(0, 2000) ?? null, updatedAt: sql`now()` })
    .where(completedBy(job))
    .returning({ jobId: indexingJobs.jobId });
  return rows.length > 0;
}

/** Inside the transaction that stores the result, so the result and Online land together. */
export async function completeJob(tx: Tx, job: IndexingJob, result: IndexOutcome): Promise<void> {
  const rows = await tx
    .update(indexingJobs)
    .set({ status: "Online", leaseUntil: null, lastError: null, ...result, ...NO_EMBEDDINGS, updatedAt: sql`now()` })
    .where(ours(job))
    .returning({ jobId: indexingJobs.jobId });
  if (rows.length === 0) throw new LostClaimError();
}

/** Permanent failures and the last attempt end in Error; others are queued again after 2^(attempt-1) × base. */
export async function failJob(
  db: Db,
  job: IndexingJob,
  message: string,
  options: { permanent: boolean; retryBaseMs: number },
): Promise<"Queued" | "Error"> {
  const final = options.permanent || job.attempts >= job.maxAttempts;
  const delayMs = options.retryBaseMs * 2 ** Math.max(0, job.attempts - 1);
  await db
    .update(indexingJobs)
    .set({
      status: final ? "Error" : "Queued",
      leaseUntil: null,
      lastError: message.slice(0, 2000),
      runAfter: final ? sql`now()` : sql`now() + make_interval(secs => ${delayMs / 1000})`,
      updatedAt: sql`now()`,
    })
    .where(ours(job));
  return final ? "Error" : "Queued";
}

/** Files whose indexes an older indexer built are queued again (at start, after an upgrade). */
export async function requeueOutdated(db: Db, currentVersion: number): Promise<number> {
  const rows = await db
    .update(indexingJobs)
    .set({ status: "Queued", attempts: 0, runAfter: sql`now()`, leaseUntil: null, updatedAt: sql`now()` })
    .where(and(eq(indexingJobs.status, "Online"), lt(indexingJobs.indexVersion, currentVersion)))
    .returning({ jobId: indexingJobs.jobId });
  return rows.length;
}

/**
 * Files whose vectors are not from `modelKey` (another deployment was chosen, none was
 * set when they were indexed, or embedding failed) are queued again: the re-index path
 * embeds them. Until then they are searched by text alone (search compares the key).
 */
export async function requeueStaleEmbeddings(db: Pick<Db, "update">, modelKey: string): Promise<number> {
  const rows = await db
    .update(indexingJobs)
    .set({ status: "Queued", attempts: 0, runAfter: sql`now()`, leaseUntil: null, updatedAt: sql`now()` })
    .where(
      and(
        eq(indexingJobs.status, "Online"),
        sql`(${indexingJobs.embeddingModel} is distinct from ${modelKey} or ${indexingJobs.embeddingStatus} is distinct from 'Online')`,
      ),
    )
    .returning({ jobId: indexingJobs.jobId });
  return rows.length;
}
