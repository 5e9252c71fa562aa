import type { QueryClient } from "@tanstack/react-query";
import { authStore, selectIsAuthenticated } from "../../app/auth/authStore";
import { conversationQuery } from "../conversation/useConversation";
import { CONVERSATION_QUERY_PARAM, isChatPagePath } from "../navigation/chatPaths";
import { chatActions } from "../state/chatStore";

/**
 * A reload of, or a link to, /chat?c={conversationId}: the conversation (and the
 * markdown renderer its answers need) is requested before the first render,
 * ahead of the shell's own requests, rather than once the navigation has
 * rendered and copied the address into the chat state. Called once at start.
 */
export function openConversationFromAddress(queryClient: QueryClient, location: Location = window.location): void {
  if (!isChatPagePath(location.pathname) || !selectIsAuthenticated(authStore.getState())) return;
  const conversationId = new URLSearchParams(location.search).get(CONVERSATION_QUERY_PARAM);
  if (!conversationId) return;
  chatActions.setCurrentConversation(conversationId);
  void queryClient.prefetchQuery(conversationQuery(conversationId));
}
