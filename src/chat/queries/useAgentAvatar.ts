import { useQuery } from "@tanstack/react-query";
import { api, unwrap } from "../../app/api/client";
import { logger } from "../../app/logger";
import { chatQueryKeys } from "./chatQueryKeys";

async function fetchAvatarUrl(gptSystemId: string): Promise<string> {
  try {
    const blob = await unwrap(
      api.GET("/gptSystems/common/management/{gptSystemId}/avatar", {
        params: { path: { gptSystemId } },
        parseAs: "blob",
      }),
    );
    return URL.createObjectURL(blob);
  } catch (error) {
    // Spec §8: the blob fetch failure texts.
    const status = error instanceof Error && "status" in error ? String(error.status) : "unknown";
    logger.error(`Failed to fetch blob, status: ${status}`);
    logger.error("Error fetching object URL.", error);
    throw error;
  }
}

/**
 * An agent's avatar as an object URL. The image needs the bearer token, so it
 * is fetched through the typed client; one URL per agent is kept for the
 * session (never collected, so it is never revoked while shown).
 */
export function useAgentAvatar(gptSystemId: string, enabled = true): string | undefined {
  const { data } = useQuery({
    queryKey: chatQueryKeys.agentAvatar(gptSystemId),
    queryFn: () => fetchAvatarUrl(gptSystemId),
    staleTime: Infinity,
    gcTime: Infinity,
    enabled,
  });
  return data;
}
