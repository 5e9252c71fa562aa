import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useNavigate } from "react-router-dom";
import { useNavContext } from "../../app/layout/useNavContext";
import { composerActions } from "../composer/composerStore";
import { abortRunningResponse } from "../navigation/abortRunningResponse";
import { chatActions } from "../state/chatStore";
import { chatPagePath } from "../navigation/chatPaths";

/**
 * Spec §2: selecting an agent clears the current conversation and opens /chat/{gptSystemId}.
 * `byKeyboard`: pressed with Enter or Space (a click with no pointer) on a control that goes away with
 * its page or its drawer (the directory's cards, a row of the phone's navigation): the focus then goes to
 * the message box instead of the page's body or 'Open navigation'. A pointer's does not (on a phone,
 * focusing the input would open the on-screen keyboard).
 */
export function useSelectAgent(): (gptSystemId: string, byKeyboard?: boolean) => void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { closeMobileAfterChoice } = useNavContext();
  return useCallback(
    (gptSystemId: string, byKeyboard = false) => {
      abortRunningResponse(queryClient);
      chatActions.clearConversation();
      chatActions.setCurrentGptSystem(gptSystemId);
      closeMobileAfterChoice();
      // The message box takes it when it comes into the page with the chat page.
      if (byKeyboard) composerActions.focus();
      void navigate(chatPagePath({ gptSystemId }));
    },
    [closeMobileAfterChoice, navigate, queryClient],
  );
}
