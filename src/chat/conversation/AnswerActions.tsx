import { ExecutionDetailsButton } from "../executionDetails/ExecutionDetailsButton";
import { AnswerActionsRow } from "./AnswerActionsRow";
import { BranchNavigator } from "./BranchNavigator";
import { CopyAnswerButton } from "./CopyAnswerButton";
import type { ConversationSegment } from "./conversationTypes";
import { FeedbackButtons } from "./FeedbackButtons";
import { RegenerateButton } from "./RegenerateButton";
import { ReportAgentButton } from "../personalAgents/ReportAgentButton";

export interface AnswerActionsProps {
  conversationId: string;
  segment: ConversationSegment;
  /** While an answer streams, nothing may start another one. */
  busy: boolean;
  /** Absent when the conversation can only be read (its agent is gone): no Regenerate then. */
  onRegenerate?: () => void;
}

/** Per-answer actions (spec §2): branches, copy, feedback, regenerate, execution details. */
export function AnswerActions({ conversationId, segment, busy, onRegenerate }: AnswerActionsProps) {
  // An answer stopped or failed before its first word has nothing to copy or rate.
  const hasWords = segment.answer.trim() !== "";
  return (
    <AnswerActionsRow>
      <BranchNavigator
        conversationId={conversationId}
        segmentId={segment.conversationSegmentId}
        siblingIds={segment.siblingIds}
        disabled={busy}
      />
      {hasWords && <CopyAnswerButton answer={segment.answer} />}
      {hasWords && <FeedbackButtons conversationId={conversationId} segment={segment} />}
      {onRegenerate && <RegenerateButton disabled={busy} onRegenerate={onRegenerate} />}
      <ExecutionDetailsButton segmentId={segment.conversationSegmentId} />
      <ReportAgentButton conversationId={conversationId} agent={segment.answeredWithGptSystem} />
    </AnswerActionsRow>
  );
}
