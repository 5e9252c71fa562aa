/** React Query keys of personal agents; under "currentUser" so that logout removes them. */
export const personalAgentKeys = {
  mine: (userId: string | null) => ["currentUser", userId, "gptSystems", "directory", "Personal", "Mine"] as const,
  configState: (configStateId: string) => ["personalConfigState", configStateId] as const,
  deployments: ["personalAgentDeployments"] as const,
};
