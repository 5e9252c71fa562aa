/**
 * Asking: POST the question through the typed client (so the session fetch adds
 * the token, the request id, the x-cosmos headers and the 401/503 rules), then
 * read the answer's event stream (spec §4 "Conversation streaming").
 */
import type { QueryClient } from "@tanstack/react-query";
import { api } from "../../app/api/client";
import type { components } from "../../generated/api";
import { logger } from "../../app/logger";
import { conversationKeys } from "../conversation/conversationKeys";
import { chatActions, chatStore } from "../state/chatStore";
import { readFrames } from "./frameParser";
import { followSegment, stopFollowing, type FollowOptions } from "./followSegment";
import { liveAnswerActions, liveAnswerStore, type LiveAnswer } from "./liveAnswerStore";
import { endStoppedStream } from "./reloadConversation";
import { createStreamSession } from "./streamSession";

type Conversation = components["schemas"]["Conversation"];

export interface AskOptions {
  queryClient: QueryClient;
  /** The agent that answers a new conversation. */
  gptSystemId: string | null;
  /** null: start a conversation (POST byGptSystemId); else ask in it (POST segments). */
  conversationId: string | null;
  question: string;
  /** Regenerate / edit (spec §2): ask under this segment (null = a new first question). Absent = under the selected leaf. */
  parentSegmentId?: string | null;
  /** Uploaded with the composer (spec §3 vision images and attachments); sent only when there are any. */
  visionImageIds?: string[];
  attachmentIds?: string[];
  /**
   * A failed post is logged (spec §8) and the question goes back to the caller so it is not lost, with
   * why: the API's error when the server refused it (budget, access, consent), else what was thrown.
   */
  onPostFailed?: (question: string, error: unknown) => void;
}

/**
 * The last segment this page shows of a conversation: a follow-up is asked under it, not under the
 * leaf the server has selected, which another tab may have changed since (the model would answer
 * from a path this page does not show). This page's last answer, when its stored copy is not read
 * yet, is the last one shown.
 */
function shownLeafOf(queryClient: QueryClient, conversationId: string, live: LiveAnswer | null): string | undefined {
  const tree = queryClient.getQueryData<Conversation>(conversationKeys.one(conversationId))?.conversationSegmentTree;
  if (live?.conversationId === conversationId && live.segmentId && !tree?.segmentPath.includes(live.segmentId))
    return live.segmentId;
  return tree?.selectedLeafSegmentId ?? undefined;
}

function post(options: AskOptions, shownLeaf: string | undefined, signal: AbortSignal) {
  const parentSegmentId = options.parentSegmentId !== undefined ? options.parentSegmentId : shownLeaf;
  const body = {
    question: options.question,
    ...(options.visionImageIds?.length ? { visionImageIds: options.visionImageIds } : {}),
    ...(options.attachmentIds?.length ? { attachmentIds: options.attachmentIds } : {}),
    ...(parentSegmentId !== undefined ? { parentSegmentId } : {}),
  };
  if (options.conversationId === null) {
    if (!options.gptSystemId) throw new Error("No agent to start the conversation with.");
    return api.POST("/userConversations/byGptSystemId/{gptSystemId}", {
      params: { path: { gptSystemId: options.gptSystemId } },
      body,
      parseAs: "stream",
      signal,
    });
  }
  return api.POST("/userConversations/{conversationId}/segments", {
    params: { path: { conversationId: options.conversationId } },
    body,
    parseAs: "stream",
    signal,
  });
}

/**
 * A new chat stopped before the server named it: the page, if it still shows it (Stop, not New Chat or
 * another conversation), becomes that conversation now that it is stored as stopped. Taken earlier, while
 * the server still called the answer Streaming, the page would follow it, Stop and all, until the stop landed.
 */
function showStoppedNewChat(streamId: number, conversationId: string): void {
  if (chatStore.getState().currentConversationId !== null) return;
  if (liveAnswerStore.getState().live?.streamId !== streamId) return;
  chatActions.setCurrentConversation(conversationId);
  chatStore.setState({ conversationChanged: false });
}

/** How long a question stopped before the server named its answer waits for the name, to stop it by it. */
const STOP_WAIT_MS = 15_000;

/** Starts a question and follows its answer to the end; resolves when the stream is over. */
export async function askQuestion(options: AskOptions): Promise<void> {
  const { queryClient, conversationId, question, parentSegmentId, visionImageIds, attachmentIds } = options;
  stopFollowing();
  const controller = new AbortController();
  chatActions.beginStream(controller);
  // Shown again if this question cannot be posted: an answer cut short by a lost connection has no
  // stored copy this page could show instead (the conversation's refresh cannot reach the server either).
  const before = liveAnswerActions.current();
  // An answer of this conversation whose final copy this page never read (its stream and the follow
  // after it broke off): the cached conversation lacks it, so it is read again once the server answers.
  const staleBefore =
    conversationId !== null && before.live?.conversationId === conversationId && !before.live.storedFinal;
  const shownLeaf =
    conversationId !== null && parentSegmentId === undefined
      ? shownLeafOf(queryClient, conversationId, before.live)
      : undefined;
  const streamId = liveAnswerActions.start({
    kind: "ask",
    conversationId,
    segmentId: null,
    question,
    parentSegmentId,
    visionImageIds,
    attachmentIds,
  });
  const session = createStreamSession(streamId, conversationId, queryClient, "ask", () =>
    chatActions.endStream(controller),
  );
  // Stop, New Chat or another conversation (`controller`) before the server named the answer: only its ids can
  // stop it there, and a connection closed alone counts as a reload, which the answer outlives for a while (and
  // a reload would follow it again). So the request goes on until the ids come, then it is stopped by them: the
  // question is kept, marked as stopped, not lost.
  const request = new AbortController();
  // Set in the frames' callback: typed so that the checks after it are not narrowed to its first value.
  let named = null as { conversationId: string; segmentId: string } | null;
  let waitingToStop: ReturnType<typeof setTimeout> | undefined;
  const stop = () => {
    if (named) return request.abort();
    liveAnswerActions.finish(streamId, "aborted");
    waitingToStop = setTimeout(() => request.abort(), STOP_WAIT_MS);
  };
  controller.signal.addEventListener("abort", stop, { once: true });
  let resume: FollowOptions | null = null;
  try {
    const { data } = await post(options, shownLeaf, request.signal);
    if (!data) throw new Error("The answer stream has no body.");
    await readFrames(
      data,
      (frame) => {
        if (frame.event === "conversation-and-segment-id") {
          const ids = frame.data as { conversationId: string; conversationSegmentId: string };
          named = { conversationId: ids.conversationId, segmentId: ids.conversationSegmentId };
        }
        if (controller.signal.aborted) {
          // Stopped while it was being named: stopped now by those ids. The answer shown knows its segment (its
          // stored copy replaces it); a new chat's conversation is taken only once it is stored as stopped (below).
          if (named) {
            liveAnswerActions.update(streamId, { segmentId: named.segmentId });
            request.abort();
          }
          return;
        }
        session.apply(frame);
        if (staleBefore && frame.event === "conversation-and-segment-id")
          void queryClient.invalidateQueries({ queryKey: conversationKeys.one(conversationId) });
      },
      request.signal,
    );
    session.ended();
  } catch (error) {
    // Stopped: by its ids, once it had them. A post that failed on its own (refused) is that, stopped or not.
    if (controller.signal.aborted && (named || request.signal.aborted)) {
      await endStoppedStream(queryClient, streamId, named?.conversationId ?? null, named?.segmentId ?? null);
      if (named && conversationId === null) showStoppedNewChat(streamId, named.conversationId);
    } else if (!session.accepted) {
      logger.error("The question could not be posted.", error);
      liveAnswerActions.restore(before);
      options.onPostFailed?.(question, error);
    } else {
      logger.error("The answer stream broke off.", error);
      session.ended();
      if (session.conversationId && session.segmentId && !session.final)
        resume = { queryClient, conversationId: session.conversationId, segmentId: session.segmentId, question };
    }
  } finally {
    clearTimeout(waitingToStop);
    controller.signal.removeEventListener("abort", stop);
    session.dispose();
    chatActions.endStream(controller);
  }
  // The server goes on answering a page whose stream broke off, as across a reload: the rest is followed
  // (the page's reattach would not, for a new conversation's answer it has already seen in progress).
  if (resume && chatStore.getState().currentConversationId === resume.conversationId) await followSegment(resume);
}
