import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useNavigate } from "react-router-dom";
import { authActions } from "../../../app/auth/authStore";
import { useNavContext } from "../../../app/layout/useNavContext";
import type { ConversationSummary } from "../../queries/chatTypes";
import { chatActions, chatStore } from "../../state/chatStore";
import { abortRunningResponse } from "../abortRunningResponse";
import { chatPagePath } from "../chatPaths";

/**
 * Spec §2: selecting another conversation aborts a response in progress (and
 * refetches the list after 1 s), sets the conversation current, closes the
 * execution-details drawer and goes to the chat route (/chat?c={conversationId}).
 */
export function useSelectConversation(): (conversation: ConversationSummary) => void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { closeMobile } = useNavContext();
  return useCallback(
    (conversation: ConversationSummary) => {
      // The conversation already shown is not left: its answer goes on (only the drawer closes, on a phone).
      if (chatStore.getState().currentConversationId !== conversation.conversationId) abortRunningResponse(queryClient);
      chatActions.setCurrentConversation(conversation.conversationId);
      chatActions.setCurrentGptSystem(conversation.gptSystem.gptSystemId);
      authActions.setDisplaySetting("showChatExecutionDetailsDrawer", false);
      closeMobile();
      void navigate(chatPagePath({ conversationId: conversation.conversationId }));
    },
    [closeMobile, navigate, queryClient],
  );
}
