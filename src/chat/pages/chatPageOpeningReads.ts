import type { QueryClient } from "@tanstack/react-query";
import { readAtOpening } from "../../app/api/openingReads";
import { authStore, selectIsAuthenticated, selectUserId } from "../../app/auth/authStore";
import { uploadLimitsQuery } from "../attachments/useUploadLimits";
import { conversationQuery } from "../conversation/useConversation";
import { pendingGuidelinesQuery } from "../guidelines/useGuidelinesConsent";
import { CONVERSATION_QUERY_PARAM, isChatPagePath } from "../navigation/chatPaths";
import { availableAgentsQuery } from "../queries/useAgentLists";
import { chatActions } from "../state/chatStore";

/**
 * A reload of, or a link to, a chat page (see openingReads.ts): the agents, the pending
 * guidelines, the upload limits and, for /chat?c={conversationId}, the conversation (and
 * the markdown renderer its answers need) are requested before the first render, rather
 * than once the page has rendered and copied the address into the chat state. Called once
 * at start; returns the reads it started.
 */
export function readChatPageAtOpening(queryClient: QueryClient, location: Location = window.location): Promise<void>[] {
  const auth = authStore.getState();
  if (!isChatPagePath(location.pathname) || !selectIsAuthenticated(auth)) return [];
  const reads = [
    readAtOpening(queryClient, availableAgentsQuery(selectUserId(auth))),
    readAtOpening(queryClient, pendingGuidelinesQuery),
    readAtOpening(queryClient, uploadLimitsQuery),
  ];
  const conversationId = new URLSearchParams(location.search).get(CONVERSATION_QUERY_PARAM);
  if (conversationId) {
    chatActions.setCurrentConversation(conversationId);
    reads.push(readAtOpening(queryClient, conversationQuery(conversationId)));
  }
  return reads;
}
