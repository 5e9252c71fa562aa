import type { components } from "../../generated/api";
import type { DraftTurn } from "../draftChat/draftChatState";

type ConversationSegment = components["schemas"]["ConversationSegment"];

/**
 * The saved segments shown above the live turn: the live turn stands for its own segment until the
 * saved copy is read back, and a question asked under an earlier segment (regenerate, edit) replaces
 * the path below that segment (parent null: the whole path).
 */
export function shownSegments(
  segments: readonly ConversationSegment[],
  live: DraftTurn | null,
  liveParent: string | null | undefined,
): readonly ConversationSegment[] {
  if (!live) return segments;
  if (liveParent === null) return [];
  const kept = segments.filter((segment) => segment.conversationSegmentId !== live.conversationSegmentId);
  if (liveParent === undefined) return kept;
  const parent = kept.findIndex((segment) => segment.conversationSegmentId === liveParent);
  return parent >= 0 ? kept.slice(0, parent + 1) : kept;
}
