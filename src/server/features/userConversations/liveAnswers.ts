/**
 * Answers being generated right now, so a second tab or a reload can replay
 * what exists and follow the rest (followUserConversationSegment). In-process:
 * a follower reaches the instance that streams (sticky sessions when scaled out).
 */
import type { StreamEventName } from "../../streaming/sse";

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
}

export class LiveAnswers {
  private readonly answers = new Map<string, LiveAnswer>();

  start(segmentId: string, userId: string, conversationId: string, answerSoFar: () => string): void {
    this.answers.set(segmentId, { userId, conversationId, answerSoFar, listeners: new Set() });
  }

  /** Passes a chunk of the answer to followers. */
  append(segmentId: string, text: string): void {
    const live = this.answers.get(segmentId);
    if (!live) return;
    for (const listener of live.listeners) listener({ event: "response-updated", data: text });
  }

  publish(segmentId: string, event: LiveEvent): void {
    for (const listener of this.answers.get(segmentId)?.listeners ?? []) listener(event);
  }

  /** Ends the answer: followers get `no-more-data` and are detached. */
  finish(segmentId: string): void {
    const live = this.answers.get(segmentId);
    if (!live) return;
    this.answers.delete(segmentId);
    for (const listener of live.listeners) listener({ event: "no-more-data", data: null });
  }

  /** The answer so far plus a subscription, or undefined when not live (or not the caller's). */
  follow(
    segmentId: string,
    userId: string,
    listener: (event: LiveEvent) => void,
  ): { answerSoFar: string; unsubscribe: () => void } | undefined {
    const live = this.answers.get(segmentId);
    if (!live || live.userId !== userId) return undefined;
    live.listeners.add(listener);
    return { answerSoFar: live.answerSoFar(), unsubscribe: () => live.listeners.delete(listener) };
  }
}
