import { useQuery } from "@tanstack/react-query";
import type { TFunction } from "i18next";
import { api, unwrap } from "../../app/api/client";
import { ApiError, isApiError } from "../../app/api/errors";
import { asProblem, isMissingPermission } from "../../app/api/problem";
import { useCurrentUser } from "../../app/api/queries/useCurrentUser";
import { agentDisplayState } from "../agents/agentDisplayState";
import { availableAgentsQuery, useRecentAgents } from "../queries/useAgentLists";
import { useChatUserId } from "../queries/useChatUserId";
import { conversationKeys } from "./conversationKeys";

/**
 * The agent the page talks to (spec §2): the open conversation's agent, else
 * the entry agent of /chat/{entryGptSystemId}, else the one the user chatted with last
 * (as other chats keep the last model), else the first available one.
 */
export function useChatAgentId(entryGptSystemId: string | undefined, conversationAgentId: string | undefined) {
  const userId = useChatUserId();
  const needsDefault = !conversationAgentId && !entryGptSystemId;
  const available = useQuery({ ...availableAgentsQuery(userId), enabled: needsDefault && userId !== null });
  const recent = useRecentAgents(needsDefault);
  const bannedFromCreating = useCurrentUser()?.personalAgentSettings.isBannedFromCreatingAgents ?? false;
  // A banned agent, or the user's own blocked one, cannot answer: the page opens one that can.
  const usable = available.data?.filter((agent) => agentDisplayState(agent, bannedFromCreating) === "normal");
  return {
    gptSystemId: conversationAgentId ?? entryGptSystemId ?? defaultAgentId(usable, recent) ?? null,
    /** Spec §8 New Chat: without any agent the chat cannot start (nor without the right to read agents). */
    noAgents:
      needsDefault &&
      ((available.isSuccess && available.data.length === 0) || isApiError(available.error, "FORBIDDEN")),
  };
}

/** The newest of the recent agents the user may still chat with, else the first; decided once Recent is read (or failed). */
function defaultAgentId(
  available: readonly { gptSystemId: string }[] | undefined,
  recent: { data?: readonly { gptSystemId: string }[]; isPending: boolean },
): string | undefined {
  if (!available || (recent.isPending && recent.data === undefined)) return undefined;
  const last = recent.data?.find((agent) => available.some((a) => a.gptSystemId === agent.gptSystemId));
  return last?.gptSystemId ?? available[0]?.gptSystemId;
}

/**
 * Whether the agent's details failed because there is no such agent for this user (unknown, not
 * theirs to use, or no agent id at all) or it may not be asked (banned, blocked): not a failure that
 * trying again would mend.
 */
export const isAgentUnavailable = (error: unknown): boolean =>
  error instanceof ApiError &&
  (error.code === "NOT_FOUND" || error.code === "BAD_REQUEST" || error.code === "FORBIDDEN");

/**
 * Why the agent may not be asked, in the server's words (a moderator banned it, …), or that the user's
 * role no longer allows it (the server's action names mean nothing here); null when it is not for this
 * user to know.
 */
export function agentRefusal(error: unknown, t: TFunction): string | null {
  if (!isApiError(error, "FORBIDDEN")) return null;
  return isMissingPermission(error) ? t("composer.notPermitted") : (asProblem(error.data)?.detail ?? null);
}

/** GET .../gptSystems/{id}/detailsForConversation: name, introduction, capabilities. */
export function useAgentDetails(gptSystemId: string | null) {
  return useQuery({
    queryKey: conversationKeys.agentDetails(gptSystemId ?? ""),
    queryFn: () =>
      unwrap(
        api.GET("/userConversations/gptSystems/{gptSystemId}/detailsForConversation", {
          params: { path: { gptSystemId: gptSystemId! } },
        }),
      ),
    enabled: gptSystemId !== null,
    staleTime: 5 * 60_000,
  });
}

/** GET .../gptSystems/{id}/promptsForConversation: the agent's suggested prompts. */
export function useAgentPrompts(gptSystemId: string | null) {
  return useQuery({
    queryKey: conversationKeys.agentPrompts(gptSystemId ?? ""),
    queryFn: () =>
      unwrap(
        api.GET("/userConversations/gptSystems/{gptSystemId}/promptsForConversation", {
          params: { path: { gptSystemId: gptSystemId! } },
        }),
      ),
    enabled: gptSystemId !== null,
    staleTime: 5 * 60_000,
  });
}
