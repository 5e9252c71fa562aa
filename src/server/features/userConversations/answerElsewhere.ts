/**
 * An answer still being written by another server process on the same database (answerSignals.ts):
 * this process can only read what that one stores (every PERSIST_INTERVAL_MS while it streams) and
 * ask it to stop.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "../../db/client";
import { conversationSegments } from "../../db/chatSchema";
import type { SseWriter } from "../../streaming/sse";
import { signalOtherProcesses } from "./answerSignals";

/** How often a follower reads the stored answer again: the streaming process saves it every 400 ms. */
const POLL_MS = 400;
/** The longest a Stop waits for the other process to store the answer's final state (as liveAnswers.stop). */
const STOP_WAIT_MS = 5000;
/** How often a Stop is sent again while the answer is not stored stopped. */
const STOP_ASKED_AGAIN_MS = 1000;

export const isUnfinished = (status: string) => status === "Pending" || status === "Streaming";

/** Whether the answer may be streaming in another process: only with other processes, and only while not final. */
export function mayStreamElsewhere(database: Pick<Database, "signals">, status: string): boolean {
  return database.signals !== undefined && isUnfinished(status);
}

function storedAnswer(database: Database, segmentId: string) {
  return database.db
    .select({
      answer: conversationSegments.answer,
      status: conversationSegments.status,
      errorText: conversationSegments.errorText,
      citations: conversationSegments.citations,
    })
    .from(conversationSegments)
    .where(eq(conversationSegments.conversationSegmentId, segmentId))
    .then((rows) => rows[0]);
}

/** A stored answer's end as a follower receives it: its error or notice, then its state (response-model). */
export function sendFinalState(
  sse: SseWriter,
  segmentId: string,
  stored: { status: string; errorText: string | null; citations: unknown[] },
): void {
  if (stored.errorText) sse.send("error", `\n\n${stored.errorText}`);
  sse.send("response-model", {
    conversationSegmentId: segmentId,
    status: stored.status,
    citations: stored.citations,
    errorText: stored.errorText,
  });
}

/**
 * Asks the process streaming the answer to stop it; resolves once its final state is stored, or after
 * STOP_WAIT_MS. Asked again every second meanwhile: a signal sent while that process's listening
 * connection was being re-established is lost.
 */
export async function stopElsewhere(database: Database, segmentId: string, userId: string): Promise<void> {
  let askedAt = 0;
  for (const deadline = Date.now() + STOP_WAIT_MS; Date.now() < deadline;) {
    if (Date.now() - askedAt >= STOP_ASKED_AGAIN_MS) {
      askedAt = Date.now();
      await signalOtherProcesses(database, { kind: "stop", segmentId, userId });
    }
    await sleep(POLL_MS / 4);
    const stored = await storedAnswer(database, segmentId);
    if (!stored || !isUnfinished(stored.status)) return;
  }
}

/** Asks the other processes to stop the answers of a conversation still being written (it was deleted). */
export async function stopConversationElsewhere(
  database: Database,
  conversationId: string,
  userId: string,
): Promise<void> {
  if (!database.signals) return;
  const unfinished = await database.db
    .select({ segmentId: conversationSegments.conversationSegmentId })
    .from(conversationSegments)
    .where(
      and(
        eq(conversationSegments.conversationId, conversationId),
        inArray(conversationSegments.status, ["Pending", "Streaming"]),
      ),
    );
  await Promise.all(
    unfinished.map(({ segmentId }) => signalOtherProcesses(database, { kind: "stop", segmentId, userId })),
  );
}

/**
 * Follows the answer from what the other process stores: the text already there, then what each
 * save adds, then its final state. Meanwhile that process is told the answer is watched (its
 * asker's page may be gone: this is the reloaded page), at a third of its grace period.
 */
export async function followElsewhere(
  database: Database,
  segmentId: string,
  sse: SseWriter,
  options: { answerSoFar: string; graceMs: number },
): Promise<void> {
  let shown = options.answerSoFar;
  if (shown) sse.send("response-updated", shown);
  const watchedEvery = Math.max(POLL_MS, options.graceMs / 3);
  let toldAt = 0;
  try {
    while (!sse.closed) {
      if (Date.now() - toldAt >= watchedEvery) {
        toldAt = Date.now();
        await signalOtherProcesses(database, { kind: "followed", segmentId });
      }
      await sleep(POLL_MS);
      const stored = await storedAnswer(database, segmentId);
      if (!stored) break;
      if (stored.answer.length > shown.length && stored.answer.startsWith(shown)) {
        sse.send("response-updated", stored.answer.slice(shown.length));
        shown = stored.answer;
      }
      if (!isUnfinished(stored.status)) {
        sendFinalState(sse, segmentId, stored);
        break;
      }
    }
  } catch {
    // The database went away: the page follows again (its own retries), as after a lost connection.
  }
  sse.send("no-more-data", null);
  sse.end();
}
