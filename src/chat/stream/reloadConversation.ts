import type { QueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../app/api/client";
import { ApiError } from "../../app/api/errors";
import { backOnline, retryDelayMs, UNREACHED_RETRIES } from "./backOnline";
import { sleep } from "../../app/api/retryAfter";
import { logger } from "../../app/logger";
import { conversationKeys } from "../conversation/conversationKeys";
import { liveAnswerActions } from "./liveAnswerStore";

/** Spec §4 New Chat / §8 / §9: a 404 right after a stream abort is retried 10×, backoff 2^n·100 ms. */
export const RELOAD_RETRY_LIMIT = 10;
const RELOAD_BACKOFF_MS = 100;
/** Spec §9: the conversation list is refetched 1000 ms after a stream abort. */
export const LIST_REFETCH_DELAY_MS = 1000;

/**
 * Stop (spec §4 "Abort cancels the request"): closing the stream alone would leave the answer
 * going on the server for a while, as it does for a page that reloads (it may be followed
 * again); this stops it at once. Resolves once the server has stored it as Aborted, or after
 * logging a failure (the server then stops it when nobody has followed it for a while). A Stop that
 * could not reach the server (offline) is sent again once the browser is back online.
 */
export async function stopAnswer(conversationId: string, segmentId: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await unwrap(
        api.POST("/userConversations/{conversationId}/segments/{conversationSegmentId}/stop", {
          params: { path: { conversationId, conversationSegmentId: segmentId } },
        }),
      );
      return;
    } catch (error) {
      if (unreached(error) && attempt < UNREACHED_RETRIES) {
        await backOnline(retryDelayMs(attempt));
        continue;
      }
      logger.error("The answer could not be stopped.", error);
      return;
    }
  }
}

/** The request did not reach the server, or its answer did not come back: worth sending again. */
export const unreached = (error: unknown): boolean =>
  error instanceof ApiError && (error.code === "FETCH_ERROR" || error.code === "TIMEOUT_ERROR");

/**
 * Reloads a conversation from the server after its stream was aborted (stopAnswer has
 * stored the segment as Aborted, so the copy it answers with is the one to show). Resolves
 * when the cache holds it, or after logging a failure.
 */
export async function reloadConversation(queryClient: QueryClient, conversationId: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      const conversation = await unwrap(
        api.GET("/userConversations/{conversationId}", { params: { path: { conversationId } } }),
      );
      queryClient.setQueryData(conversationKeys.one(conversationId), conversation);
      // The figures of its answers (the Details drawer) may have been read while the stopped one still streamed.
      void queryClient.invalidateQueries({ queryKey: conversationKeys.allExecutionDetails(conversationId) });
      return;
    } catch (error) {
      if (error instanceof ApiError && error.code === "NOT_FOUND" && attempt < RELOAD_RETRY_LIMIT) {
        await sleep(2 ** attempt * RELOAD_BACKOFF_MS);
        continue;
      }
      if (unreached(error) && attempt < UNREACHED_RETRIES) {
        await backOnline(retryDelayMs(attempt));
        continue;
      }
      logger.error("The conversation could not be reloaded after the stream stopped.", error);
      return;
    }
  }
}

/**
 * After the user stopped a stream they asked or followed (spec §4: abort cancels the request,
 * marks the stream aborted, then the conversation is reloaded): the answer shows as stopped, the
 * server stops it, and the lists and the conversation are read again.
 */
export async function endStoppedStream(
  queryClient: QueryClient,
  streamId: number,
  conversationId: string | null,
  segmentId: string | null,
): Promise<void> {
  liveAnswerActions.finish(streamId, "aborted");
  refetchListsLater(queryClient);
  if (conversationId && segmentId) await stopAnswer(conversationId, segmentId);
  if (conversationId) await reloadConversation(queryClient, conversationId);
}

const scheduledListRefetches = new WeakSet<QueryClient>();

/**
 * Spec §2/§4: the list is refetched 1 s after an abort or New Chat (the title and
 * order may have changed). Asking again while one is scheduled (the aborted stream
 * and the navigation that aborted it both ask) adds nothing: one refetch, not two.
 */
export function refetchListsLater(queryClient: QueryClient): void {
  if (scheduledListRefetches.has(queryClient)) return;
  scheduledListRefetches.add(queryClient);
  setTimeout(() => {
    scheduledListRefetches.delete(queryClient);
    void queryClient.invalidateQueries({ queryKey: conversationKeys.lists });
  }, LIST_REFETCH_DELAY_MS);
}
