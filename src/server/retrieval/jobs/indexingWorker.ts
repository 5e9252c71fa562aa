/**
 * The in-process indexing worker: claims due jobs one at a time, renews its
 * lease while a job runs, and sleeps until woken (a new upload) or the next
 * poll (jobs whose backoff has passed, jobs of a dead instance).
 */
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { INDEX_VERSION, indexAttachment } from "../indexAttachment";
import { ExtractionError } from "../extract/types";
import { embedderFor } from "../../embeddings/currentEmbedder";
import { claimNextJob, failJob, LostClaimError, renewLease, requeueOutdated, requeueStaleEmbeddings } from "./jobQueue";
import { onIndexingWake } from "./wakeUp";

export interface WorkerOptions {
  db: Db;
  config: Pick<Config, "blobDir" | "s3" | "uploadLimits" | "indexingRetryBaseMs" | "encryptionKey">;
  log: FastifyBaseLogger;
  pollMs?: number;
  leaseMs?: number;
}

export interface IndexingWorker {
  stop(): Promise<void>;
}

export function startIndexingWorker({
  db,
  config,
  log,
  pollMs = 2000,
  leaseMs = 60_000,
}: WorkerOptions): IndexingWorker {
  let running = true;
  let wake: (() => void) | undefined;
  const unsubscribe = onIndexingWake(() => wake?.());
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      }
      wake = done;
    });

  async function runOne(): Promise<boolean> {
    const job = await claimNextJob(db, leaseMs);
    if (!job) return false;
    const heartbeat = setInterval(() => void renewLease(db, job, leaseMs).catch(() => undefined), leaseMs / 3);
    const started = Date.now();
    try {
      const result = await indexAttachment(db, config, job);
      log.info({ attachmentId: job.attachmentId, ...result, ms: Date.now() - started }, "attachment indexed");
    } catch (error) {
      if (error instanceof LostClaimError) return true;
      const permanent = error instanceof ExtractionError;
      const outcome = await failJob(db, job, (error as Error).message, {
        permanent,
        retryBaseMs: config.indexingRetryBaseMs,
      });
      log.warn({ attachmentId: job.attachmentId, attempt: job.attempts, outcome, err: error }, "indexing failed");
    } finally {
      clearInterval(heartbeat);
    }
    return true;
  }

  const loop = (async () => {
    try {
      const outdated = await requeueOutdated(db, INDEX_VERSION);
      if (outdated > 0) log.info({ outdated }, "files indexed by an older version queued again");
      const embedder = await embedderFor(db, config);
      const unembedded = embedder ? await requeueStaleEmbeddings(db, embedder.modelKey) : 0;
      if (unembedded > 0) log.info({ unembedded }, "files without vectors from the embedding model queued again");
    } catch (error) {
      log.error({ err: error }, "could not queue out-of-date files");
    }
    while (running) {
      let worked = false;
      try {
        worked = await runOne();
      } catch (error) {
        // The database may be restarting; try again at the next poll.
        if (running) log.error({ err: error }, "indexing worker could not claim a job");
      }
      if (running && !worked) await sleep(pollMs);
    }
  })();

  return {
    async stop() {
      running = false;
      unsubscribe();
      wake?.();
      await loop;
    },
  };
}
