/**
 * Answers being generated right now, so a second tab or a reload can replay
 * what exists and follow the rest (followUserConversationSegment). In-process: a
 * page that reaches another server process on the same database follows the stored
 * answer there (followAnswer.ts), and its Stop reaches this one through answerSignals.ts.
 *
 * Who may stop an answer: its asker with Stop (stopUserConversationSegment), at once; and
 * nobody watching. When the asking page goes away (closed, or reloaded) with no tab
 * following, the answer goes on for a grace period so that the reloaded page can follow it,
 * and is stopped when the period ends with still nobody following.
 */
import type { StreamEventName } from "../../streaming/sse";

/** The longest a Stop waits for the answer's final state to be stored. */
const STOP_WAIT_MS = 5000;

export interface LiveEvent {
  event: StreamEventName;
  data: unknown;
}

interface LiveAnswer {
  userId: string;
  conversationId: string;
  /** The streaming answer's own text (not a copy grown here too: one more string per token). */
  answerSoFar: () => string;
  listeners: Set<(event: LiveEvent) => void>;
  /** The step-updates so far (the last is its status line, "Generating the answer", for a page that follows later). */
  steps: string[];
  /** When the request arrived, and its first words came (epoch ms): its time to first token while it streams. */
  startedAt: number;
  firstTokenAt?: number;
  /** Cancels the model request; the answer is then kept as far as it got, marked Aborted. */
  abort: () => void;
  /** Resolves once the answer's final state is stored (finish). */
  finished: Promise<void>;
  markFinished: () => void;
  /** False once the asking page has gone away. */
  askerConnected: boolean;
  /** How long it goes on once nobody watches (ANSWER_RECONNECT_GRACE_MS), set when the asker leaves. */
  graceMs: number;
  /** Pending while nobody watches. */
  unwatchedTimer?: NodeJS.Timeout;
  /** Ended because the server is stopping (endAll). */
  endedByShutdown?: boolean;
  /** Stopped by its asker (Stop, New Chat, another conversation, the conversation deleted), not left unwatched. */
  stoppedByUser?: boolean;
  /** The answer's response-model once it is stored as final (a new conversation's title still to come). */
  final?: unknown;
}

/** Resolves when `done` does, or after `ms`; the timer goes as soon as `done` settles. */
async function untilDoneOrAfter(done: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const elapsed = new Promise<void>((resolve) => (timer = setTimeout(resolve, ms).unref()));
  try {
    await Promise.race([done, elapsed]);
  } finally {
    clearTimeout(timer);
  }
}

export class LiveAnswers {
  private readonly answers = new Map<string, LiveAnswer>();

  start(
    segmentId: string,
    userId: string,
    conversationId: string,
    answerSoFar: () => string,
    abort: () => void,
    startedAt = Date.now(),
  ): void {
    let markFinished = () => {};
    const finished = new Promise<void>((resolve) => (markFinished = resolve));
    this.answers.set(segmentId, { userId, conversationId, answerSoFar, listeners: new Set(), abort, finished, markFinished, askerConnected: true, graceMs: 0, steps: [], startedAt });
  }

  /** The asking page went away: with nobody following, the answer is stopped after `graceMs`. */
  askerLeft(segmentId: string, graceMs: number): void {
    const live = this.answers.get(segmentId);
    if (!live) return;
    live.askerConnected = false;
    live.graceMs = graceMs;
    this.stopWhenUnwatched(live);
  }

  /**
   * Stops the caller's answer now (Stop). Resolves with false when it is not streaming here
   * (ended, or not the caller's), else once its final state is stored.
   */
  async stop(segmentId: string, userId: string): Promise<boolean> {
    const live = this.answers.get(segmentId);
    if (!live || live.userId !== userId) return false;
    live.stoppedByUser = true;
    live.abort();
    // An answer stops at its next step (a model request answers its abort at once); the wait is capped all the same.
    await untilDoneOrAfter(live.finished, STOP_WAIT_MS);
    return true;
  }

  /**
   * The server is stopping: every answer still coming ends now, kept as far as it got and marked Failed
   * (nobody could follow it again), instead of holding the process open until it and its title are done.
   * Resolves once their final states are stored, or after STOP_WAIT_MS.
   */
  async endAll(): Promise<void> {
    const answers = [...this.answers.values()];
    for (const live of answers) {
      live.endedByShutdown = true;
      clearTimeout(live.unwatchedTimer);
      live.abort();
    }
    await untilDoneOrAfter(Promise.all(answers.map((live) => live.finished)), STOP_WAIT_MS);
  }

  /** Whether the answer was ended because the server is stopping (endAll). */
  endedByShutdown(segmentId: string): boolean {
    return this.answers.get(segmentId)?.endedByShutdown ?? false;
  }

  /** Whether the answer's asker stopped it (stop), rather than its page going away with nobody following. */
  stoppedByUser(segmentId: string): boolean {
    return this.answers.get(segmentId)?.stoppedByUser ?? false;
  }

  /** Stops every answer of the caller's conversation (it is deleted: nobody can follow or stop them any more). */
  async stopConversation(conversationId: string, userId: string): Promise<void> {
    const answers = [...this.answers].filter(([, live]) => live.conversationId === conversationId);
    await Promise.all(answers.map(([segmentId]) => this.stop(segmentId, userId)));
  }

  /**
   * A page follows the answer through another server process (answerSignals.ts): it counts as
   * watched for another grace period, from now. The follower says so again well within it.
   */
  watchedElsewhere(segmentId: string): void {
    const live = this.answers.get(segmentId);
    if (!live) return;
    clearTimeout(live.unwatchedTimer);
    live.unwatchedTimer = undefined;
    this.stopWhenUnwatched(live);
  }

  private stopWhenUnwatched(live: LiveAnswer): void {
    if (live.askerConnected || live.listeners.size > 0 || live.unwatchedTimer) return;
    live.unwatchedTimer = setTimeout(() => {
      live.unwatchedTimer = undefined;
      if (!live.askerConnected && live.listeners.size === 0) live.abort();
    }, live.graceMs);
  }

  /** Passes a chunk of the answer to followers. */
  append(segmentId: string, text: string): void {
    const live = this.answers.get(segmentId);
    if (!live) return;
    live.firstTokenAt ??= Date.now();
    for (const listener of live.listeners) listener({ event: "response-updated", data: text });
  }

  publish(segmentId: string, event: LiveEvent): void {
    const live = this.answers.get(segmentId);
    if (!live) return;
    if (event.event === "step-update" && typeof event.data === "string") live.steps.push(event.data);
    if (event.event === "response-model") live.final = event.data;
    for (const listener of live.listeners) listener(event);
  }

  /** While the answer is live here: its steps so far and its time to first token (null before its first words). */
  progress(segmentId: string): { steps: string[]; timeToFirstTokenMs: number | null } | undefined {
    const live = this.answers.get(segmentId);
    if (!live) return undefined;
    const timeToFirstTokenMs = live.firstTokenAt === undefined ? null : live.firstTokenAt - live.startedAt;
    return { steps: [...live.steps], timeToFirstTokenMs };
  }

  /** The answer's text so far while it is live (the last save may be behind it). */
  answerSoFar(segmentId: string): string | undefined {
    return this.answers.get(segmentId)?.answerSoFar();
  }

  /** Ends the answer: followers get `no-more-data` and are detached. */
  finish(segmentId: string): void {
    const live = this.answers.get(segmentId);
    if (!live) return;
    this.answers.delete(segmentId);
    clearTimeout(live.unwatchedTimer);
    live.markFinished();
    for (const listener of live.listeners) listener({ event: "no-more-data", data: null });
  }

  /** The answer so far plus a subscription, or undefined when not live (or not the caller's). */
  follow(
    segmentId: string,
    userId: string,
    listener: (event: LiveEvent) => void,
  ): { answerSoFar: string; step: string | undefined; final: unknown; unsubscribe: () => void } | undefined {
    const live = this.answers.get(segmentId);
    if (!live || live.userId !== userId) return undefined;
    live.listeners.add(listener);
    clearTimeout(live.unwatchedTimer);
    live.unwatchedTimer = undefined;
    const unsubscribe = () => {
      live.listeners.delete(listener);
      this.stopWhenUnwatched(live);
    };
    return { answerSoFar: live.answerSoFar(), step: live.steps.at(-1), final: live.final, unsubscribe };
  }
}
