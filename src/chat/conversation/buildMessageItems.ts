import { isLivePhaseActive, type LiveAnswer } from "../stream/liveAnswerStore";
import { isSegmentInProgress, type ConversationSegment } from "./conversationTypes";

/** One row of the message list: a question and its answer. */
export interface MessageItem {
  key: string;
  /** The server's copy; null while a just-asked question has none yet. */
  segment: ConversationSegment | null;
  /** Set on the row whose answer is streaming (or just streamed) in this tab. */
  live: LiveAnswer | null;
}

/**
 * The rows to show: the selected path from the server with the live answer laid
 * over it. A question asked under an earlier segment (regenerate, edit) replaces
 * the path below that segment; the server's copy of a streamed segment takes
 * over once it is final and the stream is over.
 */
export function buildMessageItems(segments: readonly ConversationSegment[], live: LiveAnswer | null): MessageItem[] {
  const rows = (list: readonly ConversationSegment[]) =>
    list.map((segment) => ({ key: segment.conversationSegmentId, segment, live: null }));
  if (!live) return rows(segments);

  const index = live.segmentId ? segments.findIndex((s) => s.conversationSegmentId === live.segmentId) : -1;
  if (index >= 0) {
    const serverSegment = segments[index]!;
    if (!isLivePhaseActive(live.phase) && !isSegmentInProgress(serverSegment.status)) return rows(segments);
    return [
      ...rows(segments.slice(0, index)),
      { key: serverSegment.conversationSegmentId, segment: serverSegment, live },
    ];
  }

  let kept: readonly ConversationSegment[] = segments;
  if (live.parentSegmentId === null) kept = [];
  else if (live.parentSegmentId !== undefined) {
    const parent = segments.findIndex((s) => s.conversationSegmentId === live.parentSegmentId);
    if (parent >= 0) kept = segments.slice(0, parent + 1);
  }
  return [...rows(kept), { key: live.segmentId ?? `live-${live.streamId}`, segment: null, live }];
}
