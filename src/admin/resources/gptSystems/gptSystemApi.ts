/** The agent pages' calls beyond react-admin's data provider, as React Query hooks over the typed client. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../app/api/client";
import type { components } from "../../../generated/api";

export type AdminGptSystem = components["schemas"]["AdminGptSystem"];
export type AdminConfigState = components["schemas"]["AdminConfigState"];
export type AdminGptSystemPrompt = components["schemas"]["AdminGptSystemPrompt"];
export type AvailableDeployment = components["schemas"]["AvailableDeployment"];
export type ImageUpload = components["schemas"]["ImageUpload"];

const keys = {
  agent: (id: string) => ["adminGptSystems", id] as const,
  configStates: (id: string) => ["adminGptSystems", id, "configStates"] as const,
  configState: (configStateId: string) => ["adminConfigStates", configStateId] as const,
  prompts: (id: string) => ["adminGptSystems", id, "prompts"] as const,
  deployments: ["adminAvailableDeployments"] as const,
  dataSources: ["adminGptSystems", "dataSources"] as const,
};

const gptSystemPath = (gptSystemId: string) => ({ params: { path: { gptSystemId } } });

export function useAdminAgent(gptSystemId: string) {
  return useQuery({
    queryKey: keys.agent(gptSystemId),
    queryFn: () => unwrap(api.GET("/admin/gptSystems/{gptSystemId}", gptSystemPath(gptSystemId))),
    enabled: gptSystemId !== "",
  });
}

export function useConfigStates(gptSystemId: string) {
  return useQuery({
    queryKey: keys.configStates(gptSystemId),
    queryFn: () => unwrap(api.GET("/admin/gptSystems/{gptSystemId}/configStates", gptSystemPath(gptSystemId))),
    enabled: gptSystemId !== "",
  });
}

export function useConfigState(configStateId: string) {
  return useQuery({
    queryKey: keys.configState(configStateId),
    queryFn: () => unwrap(api.GET("/admin/configStates/{configStateId}", { params: { path: { configStateId } } })),
    enabled: configStateId !== "",
  });
}

export function useDeployments() {
  return useQuery({ queryKey: keys.deployments, queryFn: () => unwrap(api.GET("/admin/availableDeployments")) });
}

/** File libraries to choose from; an administrator without DataSourcesRead gets none (the ids stay editable as chips). */
export function useDataSourceChoices() {
  return useQuery({
    queryKey: keys.dataSources,
    queryFn: () =>
      unwrap(api.GET("/admin/dataSources", { params: { query: { range: "[0,199]", sort: '["name","ASC"]' } } })),
    retry: false,
  });
}

export function usePrompts(gptSystemId: string) {
  return useQuery({
    queryKey: keys.prompts(gptSystemId),
    queryFn: () => unwrap(api.GET("/admin/gptSystems/{gptSystemId}/prompts", gptSystemPath(gptSystemId))),
    enabled: gptSystemId !== "",
  });
}

/**
 * Refreshes everything the agent pages show about one agent (and react-admin's list of agents); what
 * the chat shows is read again after every admin write (src/admin/chatRefreshAfterWrites.ts).
 */
function useInvalidateAgent() {
  const queryClient = useQueryClient();
  return (gptSystemId: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ["adminGptSystems", gptSystemId] }),
      queryClient.invalidateQueries({ queryKey: ["adminConfigStates"] }),
      queryClient.invalidateQueries({ queryKey: ["gptSystems"] }),
    ]);
}

export function useCreateDraft(gptSystemId: string) {
  const invalidate = useInvalidateAgent();
  return useMutation({
    mutationFn: (fromConfigStateId?: string) =>
      unwrap(
        api.POST("/admin/gptSystems/{gptSystemId}/configStates", {
          ...gptSystemPath(gptSystemId),
          body: fromConfigStateId ? { fromConfigStateId } : {},
        }),
      ),
    onSuccess: () => invalidate(gptSystemId),
  });
}

export function useSaveConfigState(configStateId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<AdminConfigState>) =>
      unwrap(api.PUT("/admin/configStates/{configStateId}", { params: { path: { configStateId } }, body })),
    onSuccess: (saved) => {
      queryClient.setQueryData(keys.configState(configStateId), saved);
      return queryClient.invalidateQueries({ queryKey: keys.configStates(saved.gptSystemId ?? "") });
    },
  });
}

export function usePublish(gptSystemId: string) {
  const invalidate = useInvalidateAgent();
  return useMutation({
    mutationFn: (configStateId: string) =>
      unwrap(
        api.POST("/admin/gptSystems/{gptSystemId}/publish", { ...gptSystemPath(gptSystemId), body: { configStateId } }),
      ),
    onSuccess: () => invalidate(gptSystemId),
  });
}

export function useAvatar(gptSystemId: string) {
  const invalidate = useInvalidateAgent();
  const upload = useMutation({
    mutationFn: (image: ImageUpload) =>
      unwrap(api.POST("/admin/gptSystems/{gptSystemId}/avatar", { ...gptSystemPath(gptSystemId), body: image })),
    onSuccess: () => invalidate(gptSystemId),
  });
  const remove = useMutation({
    mutationFn: () => unwrap(api.DELETE("/admin/gptSystems/{gptSystemId}/avatar", gptSystemPath(gptSystemId))),
    onSuccess: () => invalidate(gptSystemId),
  });
  return { upload, remove };
}

export function usePromptMutations(gptSystemId: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: keys.prompts(gptSystemId) });
  const create = useMutation({
    mutationFn: (prompt: AdminGptSystemPrompt) =>
      unwrap(api.POST("/admin/gptSystems/{gptSystemId}/prompts", { ...gptSystemPath(gptSystemId), body: prompt })),
    onSuccess: refresh,
  });
  const update = useMutation({
    mutationFn: ({ promptId, ...prompt }: AdminGptSystemPrompt & { promptId: string }) =>
      unwrap(
        api.PUT("/admin/gptSystems/{gptSystemId}/prompts/{promptId}", {
          params: { path: { gptSystemId, promptId } },
          body: prompt,
        }),
      ),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (promptId: string) =>
      unwrap(
        api.DELETE("/admin/gptSystems/{gptSystemId}/prompts/{promptId}", {
          params: { path: { gptSystemId, promptId } },
        }),
      ),
    onSuccess: refresh,
  });
  return { create, update, remove };
}
