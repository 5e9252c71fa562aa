import type { GptSystemSummary } from "../queries/chatTypes";

/** Spec §3 "Agent display state". */
export type AgentDisplayState = "banned" | "blocked" | "normal";

type AgentFields = Pick<GptSystemSummary, "moderationStatus" | "gptSystemType" | "ownership">;

/**
 * Banned when moderation banned the agent; blocked when it is the user's own
 * personal (User-type) agent while the user is banned from creating agents.
 */
export function agentDisplayState(agent: AgentFields, isBannedFromCreatingAgents: boolean): AgentDisplayState {
  if (agent.moderationStatus === "Banned") return "banned";
  if (agent.gptSystemType === "User" && agent.ownership.ownerIsCurrentUser && isBannedFromCreatingAgents)
    return "blocked";
  return "normal";
}

/** Spec §4: editing is offered only for the user's own User-type agents that are neither banned nor blocked. */
export function canEditAgent(agent: AgentFields, state: AgentDisplayState): boolean {
  return agent.gptSystemType === "User" && agent.ownership.ownerIsCurrentUser && state === "normal";
}
