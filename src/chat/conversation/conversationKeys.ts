import { chatQueryKeys } from "../queries/chatQueryKeys";

const conversationExecutionDetails = (conversationId: string) =>
  [...chatQueryKeys.conversation(conversationId), "executionDetails"] as const;

/**
 * Query keys of the conversation view. The conversation keys are the shared
 * ones (src/chat/queries/chatQueryKeys.ts): ['userConversations', ...] for the
 * lists and ['userConversation', id] for one conversation.
 */
export const conversationKeys = {
  lists: chatQueryKeys.conversationLists,
  one: chatQueryKeys.conversation,
  /** Under the conversation's key, so that refreshing a conversation refreshes its details too. */
  executionDetails: (conversationId: string, segmentId: string) =>
    [...conversationExecutionDetails(conversationId), segmentId] as const,
  /** The execution details of every answer of a conversation. */
  allExecutionDetails: (conversationId: string) => conversationExecutionDetails(conversationId),
  agentDetails: (gptSystemId: string) => ["gptSystemForConversation", gptSystemId, "details"] as const,
  agentPrompts: (gptSystemId: string) => ["gptSystemForConversation", gptSystemId, "prompts"] as const,
  userPrompts: (userId: string | null) => ["currentUser", userId, "userPrompts"] as const,
};
