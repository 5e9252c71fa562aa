import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { api, unwrap } from "../../app/api/client";
import { showToast } from "../../app/toast/toastStore";
import { chatQueryKeys } from "./chatQueryKeys";
import type { GptSystemSummary } from "./chatTypes";
import { useChatUserId } from "./useChatUserId";
import "../../app/i18n/agentStrings";

export interface PinVariables {
  gptSystemId: string;
  pin: boolean;
}

export interface PinAgentOptions {
  /** Spec §8: 'Agent pinned' / 'Agent unpinned' are shown only from the Recent list. */
  announceSuccess?: boolean;
}

function send({ gptSystemId, pin }: PinVariables) {
  const params = { path: { gptSystemId } };
  return pin
    ? unwrap(api.POST("/CurrentUser/pinnedGptSystem/{gptSystemId}", { params }))
    : unwrap(api.DELETE("/CurrentUser/pinnedGptSystem/{gptSystemId}", { params }));
}

/**
 * Spec §4 "Agent membership": pin and unpin. Every cached agent list shows the
 * new state at once; the lists refetch afterwards (the Pinned list gains or
 * loses the agent), and a failure puts the old state back with its toast.
 */
export function usePinAgent({ announceSuccess = false }: PinAgentOptions = {}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const userId = useChatUserId();
  const agentsKey = chatQueryKeys.agents(userId);
  const setPinned = (gptSystemId: string, isPinned: boolean) =>
    queryClient.setQueriesData<GptSystemSummary[]>({ queryKey: agentsKey }, (agents) =>
      agents?.map((agent) => (agent.gptSystemId === gptSystemId ? { ...agent, isPinned } : agent)),
    );
  return useMutation({
    mutationFn: send,
    onMutate: async ({ gptSystemId, pin }) => {
      await queryClient.cancelQueries({ queryKey: agentsKey });
      setPinned(gptSystemId, pin);
      if (!pin)
        queryClient.setQueryData<GptSystemSummary[]>(chatQueryKeys.pinnedAgents(userId), (agents) =>
          agents?.filter((agent) => agent.gptSystemId !== gptSystemId),
        );
    },
    onError: (_error, { gptSystemId, pin }) => {
      setPinned(gptSystemId, !pin);
      showToast(t(pin ? "agents.pinFailed" : "agents.unpinFailed"), "error");
    },
    onSuccess: (_data, { pin }) => {
      if (announceSuccess) showToast(t(pin ? "agents.pinned" : "agents.unpinned"));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: agentsKey }),
  });
}
