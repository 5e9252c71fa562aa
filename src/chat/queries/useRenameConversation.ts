import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { api, unwrap } from "../../app/api/client";
import { isApiError } from "../../app/api/errors";
import { showToast } from "../../app/toast/toastStore";
import { chatQueryKeys } from "./chatQueryKeys";
import { patchConversation, removeConversation, restoreLists, snapshotLists } from "./conversationCache";
import { useChatUserId } from "./useChatUserId";

export interface RenameVariables {
  conversationId: string;
  title: string;
}

/** PUT .../updateTitle with {conversationId, title}; the new title shows at once and is put back on failure. */
export function useRenameConversation() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const userId = useChatUserId();
  return useMutation({
    mutationFn: ({ conversationId, title }: RenameVariables) =>
      unwrap(
        api.PUT("/userConversations/{conversationId}/updateTitle", {
          params: { path: { conversationId } },
          body: { conversationId, title },
        }),
      ),
    onMutate: async ({ conversationId, title }) => {
      const snapshot = await snapshotLists(queryClient, userId);
      patchConversation(queryClient, userId, conversationId, { title });
      return snapshot;
    },
    onError: (error, { conversationId }, snapshot) => {
      if (snapshot) restoreLists(queryClient, snapshot);
      // 404 "No such conversation.": another tab or device deleted it. Its row goes, as it would once read again.
      if (isApiError(error, "NOT_FOUND")) {
        removeConversation(queryClient, userId, conversationId);
        showToast(t("conversations.renameGone"), "error");
      } else showToast(t("conversations.renameFailed"), "error");
    },
    onSuccess: (summary) => {
      patchConversation(queryClient, userId, summary.conversationId, { title: summary.title });
      void queryClient.invalidateQueries({ queryKey: chatQueryKeys.conversation(summary.conversationId) });
      // A search's results are read again: the new title may no longer match it (or may now match another).
      void queryClient.invalidateQueries({
        queryKey: chatQueryKeys.conversationLists,
        predicate: (query) => typeof query.queryKey[3] === "string" && query.queryKey[3] !== "",
      });
    },
  });
}
