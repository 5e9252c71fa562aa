import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { api, unwrap } from "../../app/api/client";
import { showToast } from "../../app/toast/toastStore";
import type { components } from "../../generated/api";
import { patchCachedSegment } from "./segmentCache";

type Feedback = components["schemas"]["Feedback"];

/**
 * Rates an answer up or down; choosing the current rating again removes it
 * (POST / DELETE .../segments/{id}/feedback).
 */
export function useFeedback(conversationId: string, conversationSegmentId: string) {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  const path = { conversationId, conversationSegmentId };
  return useMutation({
    mutationFn: ({ feedback, current }: { feedback: Feedback; current: Feedback | null }) =>
      current === feedback
        ? unwrap(
            api.DELETE("/userConversations/{conversationId}/segments/{conversationSegmentId}/feedback", {
              params: { path },
            }),
          )
        : unwrap(
            api.POST("/userConversations/{conversationId}/segments/{conversationSegmentId}/feedback", {
              params: { path },
              body: { feedback },
            }),
          ),
    onSuccess: (segment) =>
      patchCachedSegment(queryClient, conversationId, conversationSegmentId, { feedback: segment.feedback }),
    onError: () => showToast(t("conversation.feedbackFailed"), "error"),
  });
}
