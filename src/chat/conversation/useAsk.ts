import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { ApiError, isApiError } from "../../app/api/errors";
import { isMissingPermission, problemReasonOf } from "../../app/api/problem";
import { takeQuestionFiles } from "../attachments/takeQuestionFiles";
import { composerActions, composerStore } from "../composer/composerStore";
import { chatStore } from "../state/chatStore";
import { conversationKeys } from "./conversationKeys";
import { askQuestion } from "../stream/askQuestion";
import { preloadMarkdown } from "../markdown/markdownLoader";
import { showToast } from "../../app/toast/toastStore";

export interface AskRequest {
  question: string;
  /** Regenerate and edit ask under the segment's parent (null for a first question). */
  parentSegmentId?: string | null;
  /** The files of the question being regenerated or edited (a new question takes the composer's). */
  visionImageIds?: string[];
  attachmentIds?: string[];
  /**
   * Where a question that could not be posted goes back to (an edit: its editor). By default a new
   * question's text goes back to the composer; a regenerated one was never typed there.
   */
  onPostFailed?: () => void;
}

/**
 * Why a question was not taken, in the user's terms: a session that ended (the token refused; the page goes
 * to the sign-in), a role without the permission (the server names actions, which mean nothing here), else
 * the server's reason when it refused the question, else it did not get it (offline, no answer).
 */
export function refusalText(error: unknown, t: TFunction): string {
  if (isApiError(error, "UNAUTHORIZED")) return t("composer.sessionEnded");
  if (isMissingPermission(error)) return t("composer.notPermitted");
  return problemReasonOf(error) ?? t("composer.sendFailed");
}

/**
 * Asks in the current conversation, or starts one with `gptSystemId` when none
 * is current (spec §4: POST byGptSystemId/{id}, else POST {id}/segments).
 */
export function useAsk(gptSystemId: string | null): (request: AskRequest) => void {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useCallback(
    ({ question, parentSegmentId, onPostFailed, ...asked }: AskRequest) => {
      const files = takeQuestionFiles(parentSegmentId, asked);
      if (!files) return; // An upload is still in flight: nothing is sent.
      void preloadMarkdown(); // The answer streams as markdown: its renderer loads while the question is sent.
      const conversationId = chatStore.getState().currentConversationId;
      void askQuestion({
        queryClient,
        gptSystemId,
        conversationId,
        question,
        parentSegmentId,
        visionImageIds: files.visionImageIds,
        attachmentIds: files.attachmentIds,
        onPostFailed: (text, error) => {
          const code = error instanceof ApiError ? error.code : null;
          if (onPostFailed) onPostFailed();
          else if (parentSegmentId === undefined && composerStore.getState().draft.trim() === "")
            composerActions.insert(text);
          files.restore();
          // Asked in a conversation that is gone (deleted in another tab): said as the note under the box says it.
          const gone = code === "NOT_FOUND" && conversationId !== null;
          showToast(gone ? t("conversation.gone") : refusalText(error, t), "error");
          // No such conversation or agent for this user any more (deleted in another tab, withdrawn, banned):
          // the page reads them again and shows why it cannot go on, instead of offering to send again.
          if (code === "NOT_FOUND" || code === "FORBIDDEN") {
            if (conversationId) void queryClient.invalidateQueries({ queryKey: conversationKeys.one(conversationId) });
            if (gptSystemId)
              void queryClient.invalidateQueries({ queryKey: conversationKeys.agentDetails(gptSystemId) });
            void queryClient.invalidateQueries({ queryKey: conversationKeys.lists });
          }
        },
      });
    },
    [gptSystemId, queryClient, t],
  );
}
