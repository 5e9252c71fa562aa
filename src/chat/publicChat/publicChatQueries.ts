/** The public chat's server state (react-query), keyed by endpoint and session. */
import { useQuery } from "@tanstack/react-query";
import { isApiError } from "../../app/api/errors";
import { fetchPublicAgentPrompts, fetchPublicConversation, fetchPublicConversations } from "./publicChatApi";
import { openPublicSession } from "./publicSession";

export const publicChatKeys = {
  all: ["publicChat"] as const,
  session: (gptPublicEndpoint: string) => ["publicChat", "session", gptPublicEndpoint] as const,
  prompts: (sessionIdentifier: string) => ["publicChat", "prompts", sessionIdentifier] as const,
  list: (sessionIdentifier: string) => ["publicChat", "list", sessionIdentifier] as const,
  conversation: (sessionIdentifier: string, conversationId: string) =>
    ["publicChat", "conversation", sessionIdentifier, conversationId] as const,
};

/** The visitor's session for this endpoint with the agent's details; a 404 (no such public chat) is final. */
export function usePublicSession(gptPublicEndpoint: string) {
  return useQuery({
    queryKey: publicChatKeys.session(gptPublicEndpoint),
    queryFn: () => openPublicSession(gptPublicEndpoint),
    staleTime: Infinity,
    retry: (failures, error) => !isApiError(error, "NOT_FOUND") && failures < 2,
  });
}

export function usePublicPrompts(sessionIdentifier: string | null) {
  return useQuery({
    queryKey: publicChatKeys.prompts(sessionIdentifier ?? ""),
    queryFn: () => fetchPublicAgentPrompts(sessionIdentifier!),
    enabled: sessionIdentifier !== null,
    staleTime: 5 * 60_000,
  });
}

/** The conversations of this session (the side navigation's list). */
export function usePublicConversations(sessionIdentifier: string | null) {
  return useQuery({
    queryKey: publicChatKeys.list(sessionIdentifier ?? ""),
    queryFn: () => fetchPublicConversations(sessionIdentifier!),
    enabled: sessionIdentifier !== null,
  });
}

export function usePublicConversation(sessionIdentifier: string | null, conversationId: string | null) {
  return useQuery({
    queryKey: publicChatKeys.conversation(sessionIdentifier ?? "", conversationId ?? ""),
    queryFn: () => fetchPublicConversation(sessionIdentifier!, conversationId!),
    enabled: sessionIdentifier !== null && conversationId !== null,
    retry: (failures, error) => !isApiError(error, "NOT_FOUND") && failures < 2,
  });
}
