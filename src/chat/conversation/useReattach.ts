import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { followSegment, stopFollowing } from "../stream/followSegment";
import { isSegmentInProgress, type Conversation } from "./conversationTypes";

/**
 * Spec §4 / reattach: an opened conversation whose last answer is still Pending
 * or Streaming is followed, so a second tab or a reload sees it grow. Leaving
 * the conversation stops following (the server keeps answering).
 */
export function useReattach(conversation: Conversation | undefined): void {
  const queryClient = useQueryClient();
  const last = conversation?.conversationSegmentTree.segments.at(-1);
  const conversationId = conversation?.conversationId;
  const segmentId = last && isSegmentInProgress(last.status) ? last.conversationSegmentId : null;
  const question = last?.question ?? "";

  useEffect(() => {
    if (!conversationId || !segmentId) return;
    void followSegment({ queryClient, conversationId, segmentId, question });
  }, [conversationId, segmentId, question, queryClient]);

  useEffect(() => () => stopFollowing(), [conversationId]);
}
