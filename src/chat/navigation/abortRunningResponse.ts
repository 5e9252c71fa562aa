import type { QueryClient } from "@tanstack/react-query";
import { chatActions } from "../state/chatStore";
import { chatQueryKeys } from "../queries/chatQueryKeys";

/** Spec §4 New Chat, §9: the list is refetched 1000 ms after New Chat or a stream abort. */
export const LIST_REFETCH_DELAY_MS = 1000;

/** Refetches the conversation lists after the spec's delay, once the server has stored the change. */
export function refetchListsLater(queryClient: QueryClient): void {
  setTimeout(
    () => void queryClient.invalidateQueries({ queryKey: chatQueryKeys.conversationLists }),
    LIST_REFETCH_DELAY_MS,
  );
}

/**
 * Spec §2: leaving a conversation while its answer streams aborts the answer
 * and refetches the list after 1 s (the aborted answer changes its updatedAt).
 */
export function abortRunningResponse(queryClient: QueryClient): void {
  if (chatActions.abortStream()) refetchListsLater(queryClient);
}
