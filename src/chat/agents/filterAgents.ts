import type { GptSystemSummary } from "../queries/chatTypes";

/** The directory filter: a case-insensitive substring of the name or the description. */
export function filterAgents(agents: readonly GptSystemSummary[], filter: string): GptSystemSummary[] {
  const needle = filter.trim().toLocaleLowerCase();
  if (!needle) return [...agents];
  return agents.filter(
    (agent) =>
      agent.name.toLocaleLowerCase().includes(needle) || agent.description.toLocaleLowerCase().includes(needle),
  );
}
