import { paths } from "../../app/routes/paths";

/** The query parameter holding the open conversation, so that a reload or a shared link reopens it. */
export const CONVERSATION_QUERY_PARAM = "c";

export interface ChatPageTarget {
  gptSystemId?: string | null;
  conversationId?: string | null;
}

/**
 * The chat page's address: /chat, /chat/{gptSystemId} for a new chat with an
 * agent, and ?c={conversationId} for an open conversation.
 */
export function chatPagePath({ gptSystemId, conversationId }: ChatPageTarget = {}): string {
  const base = gptSystemId ? `${paths.chat}/${encodeURIComponent(gptSystemId)}` : paths.chat;
  return conversationId ? `${base}?${CONVERSATION_QUERY_PARAM}=${encodeURIComponent(conversationId)}` : base;
}

/** Whether a pathname shows the chat page (not /chat/agents or its sub-pages). */
export function isChatPagePath(pathname: string): boolean {
  const match = /^\/chat(?:\/([^/]+))?\/?$/.exec(pathname);
  return match !== null && match[1] !== "agents";
}
