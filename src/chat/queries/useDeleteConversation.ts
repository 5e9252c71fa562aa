import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { api, unwrap } from "../../app/api/client";
import { showToast } from "../../app/toast/toastStore";
import { chatQueryKeys } from "./chatQueryKeys";
import { removeConversation, restoreLists, snapshotLists } from "./conversationCache";
import { useChatUserId } from "./useChatUserId";

/** DELETE /userConversations/{conversationId}; the row leaves at once and comes back on failure. */
export function useDeleteConversation() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const userId = useChatUserId();
  return useMutation({
    mutationFn: (conversationId: string) =>
      unwrap(api.DELETE("/userConversations/{conversationId}", { params: { path: { conversationId } } })),
    onMutate: async (conversationId) => {
      const snapshot = await snapshotLists(queryClient, userId);
      removeConversation(queryClient, userId, conversationId);
      return snapshot;
    },
    onError: (_error, _conversationId, snapshot) => {
      if (snapshot) restoreLists(queryClient, snapshot);
      showToast(t("conversations.deleteFailed"), "error");
    },
    onSuccess: (_data, conversationId) => {
      queryClient.removeQueries({ queryKey: chatQueryKeys.conversation(conversationId) });
    },
  });
}
