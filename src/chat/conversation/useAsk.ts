import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { composerActions, composerStore } from "../composer/composerStore";
import { chatStore } from "../state/chatStore";
import { askQuestion } from "../stream/askQuestion";

export interface AskRequest {
  question: string;
  /** Regenerate and edit ask under the segment's parent (null for a first question). */
  parentSegmentId?: string | null;
}

/**
 * Asks in the current conversation, or starts one with `gptSystemId` when none
 * is current (spec §4: POST byGptSystemId/{id}, else POST {id}/segments).
 */
export function useAsk(gptSystemId: string | null): (request: AskRequest) => void {
  const queryClient = useQueryClient();
  return useCallback(
    ({ question, parentSegmentId }: AskRequest) => {
      void askQuestion({
        queryClient,
        gptSystemId,
        conversationId: chatStore.getState().currentConversationId,
        question,
        parentSegmentId,
        onPostFailed: (text) => {
          if (composerStore.getState().draft.trim() === "") composerActions.insert(text);
        },
      });
    },
    [gptSystemId, queryClient],
  );
}
