/**
 * React Query keys of the chat module, shared by the side navigation and the
 * conversation view. Every key that holds user data carries the signed-in
 * user's id, so that a later sign-in never sees another user's cache; the
 * prefixes stay stable for invalidation:
 * - `chatQueryKeys.conversationLists` (['userConversations']) refreshes History and Archived;
 * - `chatQueryKeys.conversation(id)` (['userConversation', id]) one conversation.
 */
export type ConversationListKind = "history" | "archived";

export const chatQueryKeys = {
  conversationLists: ["userConversations"] as const,
  conversationList: (userId: string | null, list: ConversationListKind, search: string) =>
    ["userConversations", userId, list, search] as const,
  conversationListsOf: (userId: string | null, list: ConversationListKind) =>
    ["userConversations", userId, list] as const,
  conversation: (conversationId: string) => ["userConversation", conversationId] as const,
  /** Agent lists sit under "currentUser" (all of the cache goes at logout: src/app/auth/userDataReset.ts). */
  agents: (userId: string | null) => ["currentUser", userId, "gptSystems"] as const,
  availableAgents: (userId: string | null) => ["currentUser", userId, "gptSystems", "available"] as const,
  recentAgents: (userId: string | null) => ["currentUser", userId, "gptSystems", "recent"] as const,
  pinnedAgents: (userId: string | null) => ["currentUser", userId, "gptSystems", "pinned"] as const,
  agentDirectory: (userId: string | null) => ["currentUser", userId, "gptSystems", "directory", "System"] as const,
  /** Avatars are images of an agent, the same for every viewer. */
  agentAvatar: (gptSystemId: string) => ["gptSystemAvatar", gptSystemId] as const,
};
