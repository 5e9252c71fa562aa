import type { QueryClient } from "@tanstack/react-query";
import { conversationKeys } from "./conversationKeys";
import type { Conversation, ConversationSegment } from "./conversationTypes";

/**
 * Changes one segment of the cached conversation (its rating): only the fields given, so that what
 * the conversation's read brought (the code interpreter's runs and files) stays.
 */
export function patchCachedSegment(
  queryClient: QueryClient,
  conversationId: string,
  segmentId: string,
  patch: Partial<ConversationSegment>,
): void {
  queryClient.setQueryData<Conversation>(conversationKeys.one(conversationId), (conversation) =>
    conversation
      ? {
          ...conversation,
          conversationSegmentTree: {
            ...conversation.conversationSegmentTree,
            segments: conversation.conversationSegmentTree.segments.map((s) =>
              s.conversationSegmentId === segmentId ? { ...s, ...patch } : s,
            ),
          },
        }
      : conversation,
  );
}
