import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useFeatureFlags } from "../../app/api/queries/useFeatureFlags";
import { conversationKeys } from "../conversation/conversationKeys";
import { availableAgentsQuery } from "../queries/useAgentLists";
import { useChatUserId } from "../queries/useChatUserId";
import { useAddSharedAgent } from "./useAgentSharing";

/**
 * /chat/{entryGptSystemId} is also a personal agent's share link: when the entry agent is not among the
 * user's available agents, it is added as shared with them (the server answers 404 for anything not shared,
 * and the chat page then shows the agent as unavailable). Its details are fetched again once added.
 */
export function useShareLinkEntry(entryGptSystemId: string | undefined): void {
  const userId = useChatUserId();
  const queryClient = useQueryClient();
  const { isEnabled } = useFeatureFlags();
  const enabled = Boolean(entryGptSystemId) && userId !== null && isEnabled("AllowUserCreatedGptSystems");
  const available = useQuery({ ...availableAgentsQuery(userId), enabled });
  const { mutate } = useAddSharedAgent();
  const tried = useRef(new Set<string>());

  useEffect(() => {
    // Fresh data only: right after publishing, the cached list may not hold the user's own new agent yet.
    if (!enabled || !entryGptSystemId || !available.isSuccess || available.isFetching) return;
    if (available.data.some((agent) => agent.gptSystemId === entryGptSystemId)) return;
    if (tried.current.has(entryGptSystemId)) return;
    tried.current.add(entryGptSystemId);
    mutate(entryGptSystemId, {
      onSuccess: () => {
        void queryClient.invalidateQueries({ queryKey: conversationKeys.agentDetails(entryGptSystemId) });
        void queryClient.invalidateQueries({ queryKey: conversationKeys.agentPrompts(entryGptSystemId) });
      },
    });
  }, [available.data, available.isSuccess, available.isFetching, enabled, entryGptSystemId, mutate, queryClient]);
}
