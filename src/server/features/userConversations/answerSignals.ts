/**
 * Answers streaming in another server process on the same PostgreSQL database (a deployment of
 * several replicas behind one address): a page's Stop, or its follow after a reload, may reach a
 * process that does not hold the answer. That process tells the others through NOTIFY; the one
 * streaming the answer stops it, or counts the remote follower as watching it (liveAnswers.ts).
 * PGlite has one process and no signals.
 */
import type { FastifyInstance } from "fastify";
import type { Database } from "../../db/client";
import type { AppDeps } from "../../http/types";
import { liveAnswers } from "./liveAnswersInstance";

const CHANNEL = "agent_chat_answers";

export type AnswerSignal =
  /** The asker's Stop, sent to the process that streams the answer. */
  | { kind: "stop"; segmentId: string; userId: string }
  /** A page follows the answer from another process: it is watched (sent again while it follows). */
  | { kind: "followed"; segmentId: string };

function received(payload: string): void {
  let signal: AnswerSignal;
  try {
    signal = JSON.parse(payload) as AnswerSignal;
  } catch {
    return;
  }
  if (signal.kind === "stop") void liveAnswers.stop(signal.segmentId, signal.userId);
  else if (signal.kind === "followed") liveAnswers.watchedElsewhere(signal.segmentId);
}

/** Listens for the other processes' signals from the server's start until close. */
export function registerAnswerSignals(app: FastifyInstance, deps: Pick<AppDeps, "database">): void {
  const signals = deps.database.signals;
  if (!signals) return;
  let unlisten: (() => Promise<void>) | undefined;
  app.addHook("onReady", async () => {
    unlisten = signals.listen(CHANNEL, received);
  });
  app.addHook("onClose", async () => {
    await unlisten?.();
  });
}

/** Tells the other processes (none for PGlite); a signal that cannot be sent is lost, as a dropped request would be. */
export async function signalOtherProcesses(database: Pick<Database, "signals">, signal: AnswerSignal): Promise<void> {
  await database.signals?.notify(CHANNEL, JSON.stringify(signal)).catch(() => undefined);
}
