import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { availableAgentsQuery } from "../queries/useAgentLists";
import { useChatUserId } from "../queries/useChatUserId";

/** Ids of the agents the user may chat with now (a personal agent appears once published). */
export function useAvailableAgentIds(enabled = true): ReadonlySet<string> {
  const userId = useChatUserId();
  const query = useQuery({ ...availableAgentsQuery(userId), enabled: enabled && userId !== null });
  return useMemo(() => new Set((query.data ?? []).map((agent) => agent.gptSystemId)), [query.data]);
}
