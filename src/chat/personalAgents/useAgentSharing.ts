/**
 * Sharing personal agents by link (the model is described with the server's sharedAgents): the owner turns
 * sharing on and hands out /chat/{gptSystemId}; opening it adds the agent to the visitor's Shared with me.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../app/api/client";
import { chatPagePath } from "../navigation/chatPaths";
import { chatQueryKeys } from "../queries/chatQueryKeys";
import { useChatUserId } from "../queries/useChatUserId";
import { personalAgentKeys } from "./personalAgentKeys";
import type { PersonalConfigState } from "./usePersonalAgentApi";

/** The share link of an agent: the chat page with the agent, on this origin. */
export function shareLinkOf(gptSystemId: string, origin = window.location.origin): string {
  return `${origin}${chatPagePath({ gptSystemId })}`;
}

/** GET /gptSystems/directory/Personal/SharedWithMe */
export function useSharedWithMe(enabled = true) {
  const userId = useChatUserId();
  return useQuery({
    queryKey: personalAgentKeys.sharedWithMe(userId),
    queryFn: () => unwrap(api.GET("/gptSystems/directory/Personal/SharedWithMe")),
    enabled: enabled && userId !== null,
  });
}

/** PUT /gptSystems/personal/{gptSystemId}/sharing; the open configuration shows the new state. */
export function useShareAgent(state: Pick<PersonalConfigState, "gptSystemId" | "configStateId">) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (isShared: boolean) =>
      unwrap(
        api.PUT("/gptSystems/personal/{gptSystemId}/sharing", {
          params: { path: { gptSystemId: state.gptSystemId } },
          body: { isShared },
        }),
      ),
    onSuccess: ({ isShared }) =>
      queryClient.setQueryData<PersonalConfigState>(personalAgentKeys.configState(state.configStateId), (old) =>
        old ? { ...old, isShared } : old,
      ),
  });
}

/** POST /CurrentUser/gptSystemSharedWithMe/{gptSystemId}, then every agent list and the agent's details refresh. */
export function useAddSharedAgent() {
  const queryClient = useQueryClient();
  const userId = useChatUserId();
  return useMutation({
    mutationFn: (gptSystemId: string) =>
      unwrap(api.POST("/CurrentUser/gptSystemSharedWithMe/{gptSystemId}", { params: { path: { gptSystemId } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatQueryKeys.agents(userId) }),
  });
}
