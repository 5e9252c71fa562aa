import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useNavigate } from "react-router-dom";
import { authActions } from "../../../app/auth/authStore";
import type { ConversationSummary } from "../../queries/chatTypes";
import { chatActions, chatStore } from "../../state/chatStore";
import { abortRunningResponse } from "../abortRunningResponse";
import { chatPagePath } from "../chatPaths";
import { useCloseDrawerAfterChoice } from "../useCloseDrawerAfterChoice";

/**
 * Spec §2: selecting another conversation aborts a response in progress (and
 * refetches the list after 1 s), sets the conversation current, closes the
 * execution-details drawer and goes to the chat route (/chat?c={conversationId}).
 * `byKeyboard`: pressed with Enter or Space (a click with no pointer).
 */
export function useSelectConversation(): (conversation: ConversationSummary, byKeyboard?: boolean) => void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const closeDrawer = useCloseDrawerAfterChoice();
  return useCallback(
    (conversation: ConversationSummary, byKeyboard = false) => {
      // The conversation already shown is not left: its answer goes on (only the drawer closes, on a phone).
      if (chatStore.getState().currentConversationId !== conversation.conversationId) abortRunningResponse(queryClient);
      chatActions.setCurrentConversation(conversation.conversationId);
      chatActions.setCurrentGptSystem(conversation.gptSystem.gptSystemId);
      authActions.setDisplaySetting("showChatExecutionDetailsDrawer", false);
      closeDrawer(byKeyboard);
      void navigate(chatPagePath({ conversationId: conversation.conversationId }));
    },
    [closeDrawer, navigate, queryClient],
  );
}
