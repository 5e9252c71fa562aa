/** Spec §5: a personal agent's name is trimmed, required and at most 150 characters. */
import type { FieldErrors } from "../../http/problem";

export const AGENT_NAME_MAX = 150;

export function agentNameErrors(name: string, field = "gptSystemName"): FieldErrors {
  const trimmed = name.trim();
  if (trimmed === "") return { [field]: ["Name is required"] };
  if (trimmed.length > AGENT_NAME_MAX)
    return { [field]: [`Name exceeds the maximum limit of ${AGENT_NAME_MAX} characters`] };
  return {};
}
