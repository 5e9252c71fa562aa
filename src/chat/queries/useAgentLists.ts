import { useQuery } from "@tanstack/react-query";
import { api, unwrap } from "../../app/api/client";
import { freshWhileOpeningRead } from "../../app/api/openingReads";
import { chatQueryKeys } from "./chatQueryKeys";
import { useChatUserId } from "./useChatUserId";

/** GET /CurrentUser/AvailableGptSystems: the agents the user may chat with. */
export function availableAgentsQuery(userId: string | null) {
  return {
    queryKey: chatQueryKeys.availableAgents(userId),
    queryFn: () => unwrap(api.GET("/CurrentUser/AvailableGptSystems")),
    staleTime: freshWhileOpeningRead,
  };
}

/** GET /CurrentUser/recentGptSystems (the Agents tab's Recent list). */
export function useRecentAgents(enabled = true) {
  const userId = useChatUserId();
  return useQuery({
    queryKey: chatQueryKeys.recentAgents(userId),
    queryFn: () => unwrap(api.GET("/CurrentUser/recentGptSystems")),
    enabled: enabled && userId !== null,
  });
}

/** GET /CurrentUser/pinnedGptSystems (the Agents tab's Pinned list). */
export function usePinnedAgents(enabled = true) {
  const userId = useChatUserId();
  return useQuery({
    queryKey: chatQueryKeys.pinnedAgents(userId),
    queryFn: () => unwrap(api.GET("/CurrentUser/pinnedGptSystems")),
    enabled: enabled && userId !== null,
  });
}

/** GET /gptSystems/directory/System (the /chat/agents page). */
export function useAgentDirectory() {
  const userId = useChatUserId();
  return useQuery({
    queryKey: chatQueryKeys.agentDirectory(userId),
    queryFn: () => unwrap(api.GET("/gptSystems/directory/System")),
    enabled: userId !== null,
  });
}
