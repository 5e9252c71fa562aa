import type { QueryClient } from "@tanstack/react-query";
import { chatActions } from "../state/chatStore";
import { refetchListsLater } from "../stream/reloadConversation";

/**
 * Spec §2: leaving a conversation while its answer streams aborts the answer
 * and refetches the list after 1 s (the aborted answer changes its updatedAt).
 * The aborted stream asks for the same refetch; refetchListsLater runs it once.
 */
export function abortRunningResponse(queryClient: QueryClient): void {
  if (chatActions.abortStream()) refetchListsLater(queryClient);
}
