/**
 * Answers whose server process was lost (killed, or cut off from the database when the answer
 * ended) would stay Pending or Streaming for ever: their conversation then refuses a follow-up
 * ("still coming") and a page follows them in vain. A process keeps each answer it writes alive
 * (alive_at, by its saves or a heartbeat: throttledWriter.ts); an answer nobody kept alive for
 * LOST_AFTER_MS is stored Failed with the text it had, by whichever process sweeps first.
 */
import type { FastifyInstance } from "fastify";
import { and, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { conversationSegments } from "../../db/chatSchema";
import type { AppDeps } from "../../http/types";

/** How often a process tells that an answer with nothing new to save is still being written. */
export const HEARTBEAT_MS = 20_000;
/** Past this without a sign of life, an answer's process is taken for lost (several heartbeats missed). */
export const LOST_AFTER_MS = 90_000;
export const SWEEP_INTERVAL_MS = 30_000;

export const LOST_TEXT = "The server stopped while this answer was being written. The part above was saved.";

/** Stores as Failed every answer still being written that nobody kept alive for `lostAfterMs`; returns how many. */
export async function failLostAnswers(db: Db, errorText: string, lostAfterMs = LOST_AFTER_MS): Promise<number> {
  const rows = await db
    .update(conversationSegments)
    .set({ status: "Failed", errorText, completedAt: new Date() })
    .where(
      and(
        inArray(conversationSegments.status, ["Pending", "Streaming"]),
        lt(conversationSegments.aliveAt, sql`now() - make_interval(secs => ${lostAfterMs / 1000})`),
      ),
    )
    .returning({ id: conversationSegments.conversationSegmentId });
  return rows.length;
}

/**
 * Sweeps every SWEEP_INTERVAL_MS from the server's start (recovery.ts has swept at startup) until
 * close, on PostgreSQL (through its index of unfinished answers, db/unfinishedAnswersIndex.ts). The
 * embedded database has one process: its unfinished answers are all recovered at the next start.
 */
export function registerLiveAnswerSweeper(app: FastifyInstance, deps: Pick<AppDeps, "database" | "log">): void {
  if (deps.database.kind !== "postgres") return;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const sweep = () => {
    running = failLostAnswers(deps.database.db, LOST_TEXT).then(
      (lost) => {
        if (lost > 0) deps.log.warn({ lost }, "answers whose server process was lost were marked Failed");
      },
      (error: unknown) => deps.log.warn({ err: error }, "could not sweep lost answers"),
    );
  };
  app.addHook("onReady", async () => {
    timer = setInterval(sweep, SWEEP_INTERVAL_MS);
    timer.unref();
  });
  app.addHook("onClose", async () => {
    clearInterval(timer);
    await running;
  });
}
