/**
 * Reattach (spec §4, issue "reattach"): a conversation opened while its last
 * answer is still Pending or Streaming — a reload, a second tab — follows it
 * through GET .../segments/{id}/stream, which replays the answer so far and then
 * the rest, with the same frames as the original stream.
 */
import type { QueryClient } from "@tanstack/react-query";
import { api } from "../../app/api/client";
import { isApiError } from "../../app/api/errors";
import { i18next } from "../../app/i18n/i18n";
import { logger } from "../../app/logger";
import { chatActions, chatStore } from "../state/chatStore";
import { backOnline, retryDelayMs, UNREACHED_RETRIES } from "./backOnline";
import { readFrames } from "./frameParser";
import { isLivePhaseActive, liveAnswerActions, liveAnswerStore, liveTextStore } from "./liveAnswerStore";
import { endStoppedStream } from "./reloadConversation";
import { createStreamSession } from "./streamSession";

let following: AbortController | null = null;

/** The reason a follow is aborted with when it is only left: the server's answer is not stopped. */
const LEFT = new DOMException("The answer was left, not stopped.", "AbortError");

/**
 * Stops following (a new question, another conversation); the answer keeps growing on the server. A
 * follow that Stop, New Chat or another conversation (chatActions.abortStream) aborted first stays
 * stopped: the abort's first reason is the one its signal keeps.
 */
export function stopFollowing(): void {
  const controller = following;
  following = null;
  controller?.abort(LEFT);
}

export interface FollowOptions {
  queryClient: QueryClient;
  conversationId: string;
  segmentId: string;
  question: string;
  /** How many follows of this answer lost their connection before this one. */
  attempt?: number;
}

export async function followSegment(options: FollowOptions): Promise<void> {
  const { queryClient, conversationId, segmentId, question, attempt = 0 } = options;
  // Streaming here, or streamed here until the server stored it as final: a copy of the conversation
  // fetched before then still calls it in progress, and following it would show Stop again. (A stream
  // that broke off before its end is followed: the server may still be answering.)
  const { live } = liveAnswerStore.getState();
  if (live?.segmentId === segmentId && (isLivePhaseActive(live.phase) || live.storedFinal)) return;
  // What this page shows of the answer (its stream broke off): kept if the follow cannot begin either.
  const shown = live?.segmentId === segmentId ? liveTextStore.getState().answer : "";
  stopFollowing();
  const controller = new AbortController();
  following = controller;
  // Stop shows, as while asking: chatActions.abortStream (Stop, New Chat, another conversation) aborts it.
  chatActions.beginStream(controller);
  const streamId = liveAnswerActions.start({
    kind: "follow",
    conversationId,
    segmentId,
    question,
    parentSegmentId: undefined,
  });
  liveAnswerActions.update(streamId, { phase: "streaming" });
  // Shown until the replay brings the whole answer so far: a follow begun again does not blank the answer.
  if (shown) liveAnswerActions.replaceText(streamId, shown);
  let replaysShown = shown !== "";
  // The server answered, without the stream (gone, not theirs): nothing to follow again later.
  let refused = false;
  let connectionLost = false;
  const session = createStreamSession(streamId, conversationId, queryClient, "follow", () => {
    // The answer is final: Stop gives way to Send, and leaving no longer cuts the stream short.
    chatActions.endStream(controller);
    if (following === controller) following = null;
  });
  try {
    const { data } = await api.GET("/userConversations/{conversationId}/segments/{conversationSegmentId}/stream", {
      params: { path: { conversationId, conversationSegmentId: segmentId } },
      parseAs: "stream",
      signal: controller.signal,
    });
    if (!data) {
      refused = true;
      throw new Error("The answer stream has no body.");
    }
    await readFrames(
      data,
      (frame) => {
        if (replaysShown && frame.event === "response-updated" && typeof frame.data === "string") {
          replaysShown = false;
          liveAnswerActions.replaceText(streamId, frame.data);
        } else session.apply(frame);
      },
      controller.signal,
    );
    session.ended();
  } catch (error) {
    if (controller.signal.aborted && controller.signal.reason !== LEFT) {
      // Stopped by the user, not only left: the server stops the answer too (spec §2, §4).
      await endStoppedStream(queryClient, streamId, conversationId, segmentId);
    } else if (controller.signal.aborted) {
      // Left before the end: forget the partial copy, so coming back reattaches afresh.
      liveAnswerActions.clearIf(streamId);
    } else {
      logger.error("Following the answer failed.", error);
      // The server answered that there is no stream to follow (gone, not theirs): not a connection to try again.
      if (isApiError(error, "NOT_FOUND") || isApiError(error, "FORBIDDEN")) refused = true;
      // The connection is lost: the answer, as far as it came, is marked as not all there (followed again below).
      if (!session.final) {
        // Refused (the answer is not there to follow): nothing will be tried again.
        liveAnswerActions.update(streamId, { errorText: connectionLostText(refused ? UNREACHED_RETRIES : attempt) });
        liveAnswerActions.finish(streamId, "failed");
        connectionLost = !refused;
      }
      session.ended();
    }
  } finally {
    session.dispose();
    chatActions.endStream(controller);
    if (following === controller) following = null;
  }
  // The server goes on answering (or has stored the answer meanwhile, which a follow replays): it is followed
  // again once it can be reached, while the page still shows this answer and nothing else began. Reached
  // first: an answer still out of reach is not shown streaming, then failed (and announced), at every try.
  if (!connectionLost) return;
  const stillShown = () =>
    liveAnswerStore.getState().live?.streamId === streamId &&
    chatStore.getState().currentConversationId === conversationId &&
    !chatStore.getState().userConversationIsActive;
  for (let tries = attempt; tries < UNREACHED_RETRIES; tries++) {
    await backOnline(retryDelayMs(tries));
    if (!stillShown()) return;
    if (await serverReachable()) return followSegment({ ...options, attempt: tries + 1 });
  }
  // Out of reach all along: nothing here will show the rest any more.
  if (stillShown()) liveAnswerActions.update(streamId, { errorText: connectionLostText(UNREACHED_RETRIES) });
}

/** While the page still tries to follow the answer again, it says so; after the last try, what the reader can do. */
function connectionLostText(attempt: number): string {
  return i18next.t(attempt < UNREACHED_RETRIES ? "conversation.connectionLost" : "conversation.connectionLostFinal");
}

/** Whether the server answers at all (its liveness probe), without the session's token or retries. */
function serverReachable(): Promise<boolean> {
  return fetch(new URL("/healthz", window.location.origin), { cache: "no-store" }).then(
    (response) => response.ok,
    () => false,
  );
}
