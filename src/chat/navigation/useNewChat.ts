import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import { isApiError } from "../../app/api/errors";
import { showToast } from "../../app/toast/toastStore";
import { availableAgentsQuery } from "../queries/useAgentLists";
import { useChatUserId } from "../queries/useChatUserId";
import { chatActions, chatStore } from "../state/chatStore";
import { refetchListsLater } from "../stream/reloadConversation";
import { chatPagePath } from "./chatPaths";
import { useCloseDrawerAfterChoice } from "./useCloseDrawerAfterChoice";

/** Agent access rarely changes: a New Chat within this time reuses the last answer. */
const AGENTS_FRESH_MS = 30_000;

/**
 * 'New Chat' (spec §4): refused with an error toast when the user has no agent
 * (AvailableGptSystems is empty); otherwise aborts any running answer, clears
 * the current conversation, opens the chat page (of the current agent, if one
 * is chosen) and refetches the list after 1000 ms. In public mode it only
 * returns to the public chat's page. `byKeyboard`: pressed with Enter or Space (a click with no pointer).
 */
export function useNewChat(homePath: string, publicMode = false): (byKeyboard?: boolean) => Promise<void> {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const userId = useChatUserId();
  const closeDrawer = useCloseDrawerAfterChoice();

  return useCallback(
    async (byKeyboard = false) => {
      if (!publicMode) {
        const agents = await queryClient
          .fetchQuery({ ...availableAgentsQuery(userId), staleTime: AGENTS_FRESH_MS })
          // Without the right to read agents (403) there is no agent either; another failure is not known to mean none.
          .catch((error: unknown) => (isApiError(error, "FORBIDDEN") ? [] : null));
        if (agents?.length === 0) {
          showToast(t("nav.noAgentAccess"), "error");
          return;
        }
      }
      chatActions.abortStream();
      chatActions.clearConversation();
      closeDrawer(byKeyboard);
      const { currentGptSystemId } = chatStore.getState();
      void navigate(publicMode ? homePath : chatPagePath({ gptSystemId: currentGptSystemId }));
      if (!publicMode) refetchListsLater(queryClient);
    },
    [closeDrawer, homePath, navigate, publicMode, queryClient, t, userId],
  );
}
