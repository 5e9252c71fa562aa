import { useCurrentUser } from "../../app/api/queries/useCurrentUser";
import type { GptSystemSummary } from "../queries/chatTypes";
import { agentDisplayState, type AgentDisplayState } from "./agentDisplayState";

/** An agent's display state for the signed-in user (CurrentUser/details personalAgentSettings). */
export function useAgentDisplayState(agent: GptSystemSummary): AgentDisplayState {
  const user = useCurrentUser();
  return agentDisplayState(agent, user?.personalAgentSettings.isBannedFromCreatingAgents ?? false);
}
