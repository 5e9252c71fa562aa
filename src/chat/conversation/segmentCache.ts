import type { QueryClient } from "@tanstack/react-query";
import { conversationKeys } from "./conversationKeys";
import type { Conversation, ConversationSegment } from "./conversationTypes";

/** Puts a segment the server answered with into the cached conversation (feedback changes one segment only). */
export function replaceCachedSegment(
  queryClient: QueryClient,
  conversationId: string,
  segment: ConversationSegment,
): void {
  queryClient.setQueryData<Conversation>(conversationKeys.one(conversationId), (conversation) =>
    conversation
      ? {
          ...conversation,
          conversationSegmentTree: {
            ...conversation.conversationSegmentTree,
            segments: conversation.conversationSegmentTree.segments.map((s) =>
              s.conversationSegmentId === segment.conversationSegmentId ? segment : s,
            ),
          },
        }
      : conversation,
  );
}
