import Box from "@mui/material/Box";
import { memo, useCallback, useMemo, useRef } from "react";
import { pressedWithFinger } from "../../app/a11y/pressedWithFinger";
import { rememberedVisionImages, rememberVisionImages } from "../attachments/visionImageFiles";
import { composerActions } from "../composer/composerStore";
import type { LiveAnswer } from "../stream/liveAnswerStore";
import { AnswerBlock } from "./AnswerBlock";
import type { ConversationSegment, GptSystemReference } from "./conversationTypes";
import { QuestionBubble } from "./QuestionBubble";
import { questionEditorActions } from "./questionEditorStore";
import type { AskRequest } from "./useAsk";

export interface SegmentRowProps {
  conversationId: string | null;
  segment: ConversationSegment | null;
  live: LiveAnswer | null;
  fallbackAgent: Pick<GptSystemReference, "gptSystemId" | "name"> | null;
  busy: boolean;
  /** Absent when the conversation can only be read (its agent is gone): no Edit, no Regenerate. */
  onAsk?: (request: AskRequest) => void;
}

/**
 * Regenerate and an edited question start a new branch: this row, with the control that had the
 * focus, gives way to the branch's. The focus goes to the composer, where Stop and the next
 * question are, instead of falling back to the top of the page; not after a finger's press
 * (on a phone, focusing the input would open the on-screen keyboard).
 */
function focusComposerFrom(row: HTMLElement | null): void {
  if (!pressedWithFinger() && row?.contains(document.activeElement)) composerActions.focus();
}

/**
 * One question and its answer. Memoized: a streamed chunk changes none of its
 * props, so earlier rows never re-render while an answer grows.
 */
export const SegmentRow = memo(function SegmentRow({
  conversationId,
  segment,
  live,
  fallbackAgent,
  busy,
  onAsk,
}: SegmentRowProps) {
  const question = segment?.question ?? live?.question ?? "";
  const parentSegmentId = segment?.parentSegmentId ?? null;
  // The new branch is asked with the question's files again (they belong to a segment, not a conversation).
  const visionImageIds = segment?.visionImages;
  const attachmentIds = segment?.attachments;
  const segmentImages = segment?.visionImageFiles;
  // Spec §2: regenerate and edit ask under the segment's parent (null for a first question).
  // The new question's images show before its segment is read back: remember their names.
  const row = useRef<HTMLDivElement>(null);
  const regenerate = useCallback(() => {
    rememberVisionImages(segmentImages ?? []);
    focusComposerFrom(row.current);
    onAsk?.({ question, parentSegmentId, visionImageIds, attachmentIds });
  }, [onAsk, question, parentSegmentId, visionImageIds, attachmentIds, segmentImages]);
  const segmentId = segment?.conversationSegmentId;
  const edit = useCallback(
    (text: string, removedFileIds: readonly string[]) => {
      rememberVisionImages(segmentImages ?? []);
      // The editor goes away with the row's question, and its field or Send button with it.
      focusComposerFrom(row.current);
      // An edit the server did not take opens its editor again with the text and the files left out.
      const onPostFailed = segmentId ? () => questionEditorActions.open(segmentId, text, removedFileIds) : undefined;
      const kept = (ids: string[] | undefined) => ids?.filter((id) => !removedFileIds.includes(id));
      onAsk?.({
        question: text,
        parentSegmentId,
        visionImageIds: kept(visionImageIds),
        attachmentIds: kept(attachmentIds),
        onPostFailed,
      });
    },
    [onAsk, parentSegmentId, visionImageIds, attachmentIds, segmentImages, segmentId],
  );
  const liveImageIds = live?.visionImageIds;
  const liveAttachmentIds = live?.attachmentIds;
  const shownImages = useMemo(
    () => segmentImages ?? rememberedVisionImages(liveImageIds ?? []),
    [segmentImages, liveImageIds],
  );
  const shownAttachments = useMemo(
    () => segment?.attachmentFiles ?? (liveAttachmentIds ?? []).map((attachmentId) => ({ attachmentId })),
    [segment?.attachmentFiles, liveAttachmentIds],
  );
  return (
    <Box ref={row} sx={{ pb: 3 }}>
      <QuestionBubble
        question={question}
        visionImages={shownImages}
        attachments={shownAttachments}
        segmentId={segmentId}
        onEdit={segment && !busy && !live && onAsk ? edit : undefined}
      />
      <AnswerBlock
        conversationId={conversationId}
        segment={segment}
        live={live}
        fallbackAgent={fallbackAgent}
        busy={busy}
        onRegenerate={onAsk ? regenerate : undefined}
      />
    </Box>
  );
});
