import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { showToast } from "../../app/toast/toastStore";
import { branchSelection } from "../conversation/branchMemory";
import { selectPublicBranch } from "./publicChatApi";
import { publicChatKeys } from "./publicChatQueries";

/**
 * Shows another branch of one of the visitor's conversations (the public twin of useSelectBranch):
 * the server stores the choice, so a reload and the next question follow it. A branch comes back
 * as it was left (branchMemory.ts).
 */
export function useSelectPublicBranch(sessionIdentifier: string, conversationId: string | null) {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: (siblingId: string) =>
      selectPublicBranch(sessionIdentifier, conversationId!, branchSelection(conversationId!, siblingId)),
    onSuccess: (conversation) =>
      queryClient.setQueryData(
        publicChatKeys.conversation(sessionIdentifier, conversation.conversationId),
        conversation,
      ),
    onError: () => showToast(t("conversation.branchFailed"), "error"),
  });
}
