/** React Query keys of personal agents; under "currentUser" so that logout removes them. */
export const personalAgentKeys = {
  mine: (userId: string | null) => ["currentUser", userId, "gptSystems", "directory", "Personal", "Mine"] as const,
  /** Under chatQueryKeys.agents, so that every change to an agent refreshes them too. */
  drafts: (userId: string | null) =>
    ["currentUser", userId, "gptSystems", "directory", "Personal", "ConfigStates"] as const,
  sharedWithMe: (userId: string | null) =>
    ["currentUser", userId, "gptSystems", "directory", "Personal", "SharedWithMe"] as const,
  configState: (configStateId: string) => ["personalConfigState", configStateId] as const,
  deployments: ["personalAgentDeployments"] as const,
};
