import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { api, unwrap } from "../../../app/api/client";
import { isApiError } from "../../../app/api/errors";
import { showToast } from "../../../app/toast/toastStore";
import { chatQueryKeys } from "../../queries/chatQueryKeys";
import { removeConversation, restoreLists, snapshotLists } from "../../queries/conversationCache";
import { useChatUserId } from "../../queries/useChatUserId";

export type RemoveAction = "delete" | "archive" | "unarchive";

export interface RemoveVariables {
  conversationId: string;
  action: RemoveAction;
}

/** `gone`: the conversation no longer exists (deleted now, or before by another tab or device). */
export interface RemoveResult {
  gone: boolean;
}

const failedText = {
  delete: "conversations.deleteFailed",
  archive: "conversations.archiveFailed",
  unarchive: "conversations.unarchiveFailed",
} as const;

function send({ conversationId, action }: RemoveVariables) {
  const params = { path: { conversationId } };
  if (action === "delete") return unwrap(api.DELETE("/userConversations/{conversationId}", { params }));
  return action === "archive"
    ? unwrap(api.PUT("/userConversations/{conversationId}/archive", { params }))
    : unwrap(api.PUT("/userConversations/{conversationId}/unArchive", { params }));
}

/**
 * Delete, archive or unarchive from a list's menu (spec §4 "Conversation list"): the row leaves its list
 * at once and comes back, with a toast, if the call fails. `onDone` runs once the server has answered
 * (before the conversation's cached data goes), so that an open conversation is left only then.
 */
export function useRemoveConversation(onDone: (variables: RemoveVariables, result: RemoveResult) => void) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const userId = useChatUserId();
  return useMutation({
    mutationFn: async (variables: RemoveVariables): Promise<RemoveResult> => {
      try {
        await send(variables);
        return { gone: variables.action === "delete" };
      } catch (error) {
        // 404 "No such conversation.": another tab or device deleted it already. That is no failure to
        // report: a delete got what it asked for, and there is nothing left to archive.
        if (isApiError(error, "NOT_FOUND")) return { gone: true };
        throw error;
      }
    },
    onMutate: async ({ conversationId, action }) => {
      const snapshot = await snapshotLists(queryClient, userId);
      const from = action === "delete" ? undefined : action === "archive" ? "history" : "archived";
      removeConversation(queryClient, userId, conversationId, from);
      return snapshot;
    },
    onError: (_error, { action }, snapshot) => {
      if (snapshot) restoreLists(queryClient, snapshot);
      showToast(t(failedText[action]), "error");
    },
    onSuccess: (result, variables) => {
      onDone(variables, result);
      if (!result.gone) return;
      // Out of every list (an archive's 404 only took it out of History) and out of the cache.
      removeConversation(queryClient, userId, variables.conversationId);
      queryClient.removeQueries({ queryKey: chatQueryKeys.conversation(variables.conversationId) });
    },
    // Archive and unarchive move it to the other list, where it shows in its date group once read again;
    // the lists are read again after a delete too, which tells the browser's other tabs (crossTabInvalidation.ts).
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: [...chatQueryKeys.conversationLists, userId] });
    },
  });
}
