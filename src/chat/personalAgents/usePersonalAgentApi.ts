/** Calls of the personalAgents tag, as React Query hooks. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../app/api/client";
import type { components } from "../../generated/api";
import { chatQueryKeys } from "../queries/chatQueryKeys";
import { useChatUserId } from "../queries/useChatUserId";
import { personalAgentKeys } from "./personalAgentKeys";

type Schemas = components["schemas"];
export type PersonalConfigState = Schemas["PersonalConfigState"];
export type PersonalConfigChanges = Schemas["UpdatePersonalConfigStateRequest"];

/** GET /gptSystems/directory/Personal/Mine */
export function useMyPersonalAgents(enabled = true) {
  const userId = useChatUserId();
  return useQuery({
    queryKey: personalAgentKeys.mine(userId),
    queryFn: () => unwrap(api.GET("/gptSystems/directory/Personal/Mine")),
    enabled: enabled && userId !== null,
  });
}

/** GET /gptSystems/directory/Personal/ConfigStates: the user's drafts, newest first. */
export function useMyPersonalDrafts(enabled = true) {
  const userId = useChatUserId();
  return useQuery({
    queryKey: personalAgentKeys.drafts(userId),
    queryFn: () => unwrap(api.GET("/gptSystems/directory/Personal/ConfigStates")),
    enabled: enabled && userId !== null,
  });
}

export function usePersonalConfigState(configStateId: string) {
  return useQuery({
    queryKey: personalAgentKeys.configState(configStateId),
    queryFn: async () =>
      (await unwrap(api.GET("/configStates/{configStateId}", { params: { path: { configStateId } } }))).configuration,
    retry: false,
  });
}

export function usePersonalAgentDeployments() {
  return useQuery({
    queryKey: personalAgentKeys.deployments,
    queryFn: () => unwrap(api.GET("/configStates/deployments")),
    staleTime: 60_000,
  });
}

/** Every agent list the chat shows may now hold the changed agent. */
function useRefreshAgentLists() {
  const queryClient = useQueryClient();
  const userId = useChatUserId();
  return () => queryClient.invalidateQueries({ queryKey: chatQueryKeys.agents(userId) });
}

/** POST /configStates/personal (Quick Create). */
export function useQuickCreateAgent() {
  const refresh = useRefreshAgentLists();
  return useMutation({
    mutationFn: async (gptSystemName: string) =>
      (await unwrap(api.POST("/configStates/personal", { body: { gptSystemName } }))).configuration,
    onSuccess: () => void refresh(),
  });
}

/** POST /configStates/fromGptSystem/{gptSystemId}: the draft to edit an agent through. */
export function useDraftFromAgent() {
  return useMutation({
    mutationFn: async (gptSystemId: string) =>
      (await unwrap(api.POST("/configStates/fromGptSystem/{gptSystemId}", { params: { path: { gptSystemId } } })))
        .configuration,
  });
}

export function useSavePersonalConfigState(configStateId: string) {
  const queryClient = useQueryClient();
  const refresh = useRefreshAgentLists();
  return useMutation({
    mutationFn: async (changes: PersonalConfigChanges) =>
      (await unwrap(api.PUT("/configStates/{configStateId}", { params: { path: { configStateId } }, body: changes })))
        .configuration,
    onSuccess: (saved) => {
      queryClient.setQueryData(personalAgentKeys.configState(configStateId), saved);
      void refresh();
    },
  });
}

export function usePublishPersonalConfigState(configStateId: string) {
  const queryClient = useQueryClient();
  const refresh = useRefreshAgentLists();
  return useMutation({
    mutationFn: async () =>
      (await unwrap(api.POST("/configStates/{configStateId}/publish", { params: { path: { configStateId } } })))
        .configuration,
    onSuccess: (published) => {
      queryClient.setQueryData(personalAgentKeys.configState(configStateId), published);
      void refresh();
    },
  });
}

export function useDeletePersonalAgent() {
  const refresh = useRefreshAgentLists();
  return useMutation({
    mutationFn: (gptSystemId: string) =>
      unwrap(api.DELETE("/gptSystems/personal/{gptSystemId}", { params: { path: { gptSystemId } } })),
    onSuccess: () => void refresh(),
  });
}

/**
 * DELETE /configStates/{configStateId}: discards a draft; the draft of an agent never published takes the agent
 * with it (the server decides, the lists are refreshed either way).
 */
export function useDiscardPersonalDraft() {
  const refresh = useRefreshAgentLists();
  return useMutation({
    mutationFn: (configStateId: string) =>
      unwrap(api.DELETE("/configStates/{configStateId}", { params: { path: { configStateId } } })),
    onSuccess: () => void refresh(),
  });
}

export type ReportReason = Schemas["ModerationReportReason"];

export function useReportConversation() {
  return useMutation({
    mutationFn: (input: { conversationId: string; reportReason: ReportReason; details: string }) =>
      unwrap(
        api.POST("/userConversations/{conversationId}/report", {
          params: { path: { conversationId: input.conversationId } },
          body: {
            reportReason: input.reportReason,
            ...(input.details.trim() ? { details: input.details.trim() } : {}),
          },
        }),
      ),
  });
}
