import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useNavigate } from "react-router-dom";
import { useNavContext } from "../../app/layout/useNavContext";
import { abortRunningResponse } from "../navigation/abortRunningResponse";
import { chatActions } from "../state/chatStore";
import { chatPagePath } from "../navigation/chatPaths";

/** Spec §2: selecting an agent clears the current conversation and opens /chat/{gptSystemId}. */
export function useSelectAgent(): (gptSystemId: string) => void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { closeMobile } = useNavContext();
  return useCallback(
    (gptSystemId: string) => {
      abortRunningResponse(queryClient);
      chatActions.clearConversation();
      chatActions.setCurrentGptSystem(gptSystemId);
      closeMobile();
      void navigate(chatPagePath({ gptSystemId }));
    },
    [closeMobile, navigate, queryClient],
  );
}
