import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { api, unwrap } from "../../app/api/client";
import { showToast } from "../../app/toast/toastStore";
import { chatQueryKeys } from "./chatQueryKeys";
import { removeConversation, restoreLists, snapshotLists } from "./conversationCache";
import { useChatUserId } from "./useChatUserId";

export interface ArchiveVariables {
  conversationId: string;
  /** true: History → Archived (PUT .../archive); false: back (PUT .../unArchive). */
  archive: boolean;
}

function send({ conversationId, archive }: ArchiveVariables) {
  const params = { path: { conversationId } };
  return archive
    ? unwrap(api.PUT("/userConversations/{conversationId}/archive", { params }))
    : unwrap(api.PUT("/userConversations/{conversationId}/unArchive", { params }));
}

/**
 * Spec §4 "Conversation list": archive and unarchive move a conversation
 * between the lists. It leaves its list at once; both lists refetch afterwards
 * so that it appears in the other one in its date group.
 */
export function useArchiveConversation() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const userId = useChatUserId();
  return useMutation({
    mutationFn: send,
    onMutate: async ({ conversationId, archive }) => {
      const snapshot = await snapshotLists(queryClient, userId);
      removeConversation(queryClient, userId, conversationId, archive ? "history" : "archived");
      return snapshot;
    },
    onError: (_error, { archive }, snapshot) => {
      if (snapshot) restoreLists(queryClient, snapshot);
      showToast(t(archive ? "conversations.archiveFailed" : "conversations.unarchiveFailed"), "error");
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...chatQueryKeys.conversationLists, userId] }),
  });
}
