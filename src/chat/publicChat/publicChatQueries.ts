/** The public chat's server state (react-query), keyed by endpoint and session. */
import { useQuery } from "@tanstack/react-query";
import { isApiError } from "../../app/api/errors";
import { fetchPublicAgentPrompts, fetchPublicConversation, fetchPublicConversations } from "./publicChatApi";
import { chatStore } from "../state/chatStore";
import { openPublicSession } from "./publicSession";

export const publicChatKeys = {
  all: ["publicChat"] as const,
  session: (gptPublicEndpoint: string) => ["publicChat", "session", gptPublicEndpoint] as const,
  prompts: (sessionIdentifier: string) => ["publicChat", "prompts", sessionIdentifier] as const,
  list: (sessionIdentifier: string) => ["publicChat", "list", sessionIdentifier] as const,
  conversation: (sessionIdentifier: string, conversationId: string) =>
    ["publicChat", "conversation", sessionIdentifier, conversationId] as const,
};

/** An address that names no public chat: none at this endpoint (404), or not an endpoint's form at all (400). */
export const namesNoPublicChat = (error: unknown): boolean =>
  isApiError(error, "NOT_FOUND") || isApiError(error, "BAD_REQUEST");

/** The visitor's session for this endpoint with the agent's details; an address naming no public chat is final. */
export function usePublicSession(gptPublicEndpoint: string) {
  return useQuery({
    queryKey: publicChatKeys.session(gptPublicEndpoint),
    queryFn: () => openPublicSession(gptPublicEndpoint),
    staleTime: Infinity,
    retry: (failures, error) => !namesNoPublicChat(error) && failures < 2,
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

/** How often a conversation is read again while one of its answers is still coming and this page does not stream it. */
export const ANSWER_COMING_REFETCH_MS = 1000;

type StoredConversation = Awaited<ReturnType<typeof fetchPublicConversation>>;

const answerComing = (conversation: StoredConversation | undefined) =>
  conversation?.conversationSegmentTree.segments.some((s) => s.status === "Pending" || s.status === "Streaming") ??
  false;

/**
 * One conversation of the session. While an answer of it is still stored as coming and this page is not
 * streaming it (another tab asked, or this one stopped it a moment ago and the server is storing the
 * stop), it is read again every second until that answer has ended.
 */
export function usePublicConversation(sessionIdentifier: string | null, conversationId: string | null) {
  return useQuery({
    queryKey: publicChatKeys.conversation(sessionIdentifier ?? "", conversationId ?? ""),
    queryFn: () => fetchPublicConversation(sessionIdentifier!, conversationId!),
    enabled: sessionIdentifier !== null && conversationId !== null,
    retry: (failures, error) => !isApiError(error, "NOT_FOUND") && failures < 2,
    refetchInterval: (query) =>
      answerComing(query.state.data) && !chatStore.getState().userConversationIsActive
        ? ANSWER_COMING_REFETCH_MS
        : false,
  });
}
