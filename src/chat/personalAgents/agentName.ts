/** Spec §5 Quick Create: the name is trimmed, required, and at most 150 characters (§9). */
export const AGENT_NAME_MAX = 150;

export type AgentNameError = "personalAgents.nameRequired" | "personalAgents.nameTooLong";

export function agentNameError(name: string): AgentNameError | null {
  const trimmed = name.trim();
  if (trimmed === "") return "personalAgents.nameRequired";
  if (trimmed.length > AGENT_NAME_MAX) return "personalAgents.nameTooLong";
  return null;
}
