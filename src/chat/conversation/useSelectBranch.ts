import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { api, unwrap } from "../../app/api/client";
import { showToast } from "../../app/toast/toastStore";
import { isLivePhaseActive, liveAnswerActions, liveAnswerStore } from "../stream/liveAnswerStore";
import { branchSelection } from "./branchMemory";
import { conversationKeys } from "./conversationKeys";

/**
 * Shows another branch (spec §2 branch navigation): PUT updateSelectedLeafSegmentId
 * with the answer last shown in that branch, or the sibling itself (the server selects the
 * newest leaf below it), then the conversation is refetched.
 */
export function useSelectBranch(conversationId: string) {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: (siblingId: string) =>
      unwrap(
        api.PUT("/userConversations/{conversationId}/updateSelectedLeafSegmentId", {
          params: { path: { conversationId } },
          body: { conversationSegmentId: branchSelection(conversationId, siblingId) },
        }),
      ),
    onSuccess: async (conversation) => {
      // A finished answer still held from this tab's stream would otherwise be laid over the
      // branch just selected; the server's copy of the conversation is complete by now.
      const { live } = liveAnswerStore.getState();
      if (live && !isLivePhaseActive(live.phase)) liveAnswerActions.clear();
      queryClient.setQueryData(conversationKeys.one(conversationId), conversation);
      await queryClient.invalidateQueries({ queryKey: conversationKeys.one(conversationId) });
    },
    onError: () => showToast(t("conversation.branchFailed"), "error"),
  });
}
