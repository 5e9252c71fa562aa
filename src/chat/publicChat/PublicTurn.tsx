import Avatar from "@mui/material/Avatar";
import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { memo, useCallback } from "react";
import { useTranslation } from "react-i18next";
import type { components } from "../../generated/api";
import { AnswerActionsRow } from "../conversation/AnswerActionsRow";
import { AnswerNotice, AnswerStatusMark } from "../conversation/AnswerStatusMark";
import { BranchSwitcher } from "../conversation/BranchSwitcher";
import { CopyAnswerButton } from "../conversation/CopyAnswerButton";
import { QuestionBubble } from "../conversation/QuestionBubble";
import { RegenerateButton } from "../conversation/RegenerateButton";
import { MarkdownContent } from "../markdown/MarkdownContent";
import { StreamingMarkdown } from "../markdown/StreamingMarkdown";
import "../../app/i18n/publicChatStrings";

type Citation = components["schemas"]["Citation"];
type VisionImage = components["schemas"]["VisionImage"];
const NO_IMAGES: readonly VisionImage[] = [];
const NO_SIBLINGS: readonly string[] = [];

export interface PublicTurnProps {
  question: string;
  /** The images asked about, shown above the question (read with the visitor's session). */
  images?: readonly VisionImage[];
  answer: string;
  /** A segment's status, or the live turn's. */
  status: string;
  /** The latest progress step while the answer is prepared. */
  step?: string | null;
  errorText?: string | null;
  citations: Citation[];
  agentName: string;
  onCitation?(citation: Citation): void;
  /** A saved segment's id; absent for the live turn, which offers no actions yet. */
  conversationSegmentId?: string;
  /** The saved segment's place in the tree: its parent (null for a first question) and siblings. */
  parentSegmentId?: string | null;
  siblingIds?: readonly string[];
  /** While an answer streams, nothing may start another one. */
  busy?: boolean;
  /** Asks again under the segment's parent with its images: regenerate (the same question) or edit. */
  onAskAgain?(question: string, parentSegmentId: string | null, images: readonly VisionImage[]): void;
  onSelectBranch?(conversationSegmentId: string): void;
}

/**
 * One question and its answer in the public chat. Visitors get the answer, its sources and its
 * state, and like in the signed-in chat they edit a question, regenerate an answer and switch
 * between branches; the actions that need an account (feedback, execution details, reports) are left out.
 */
export const PublicTurn = memo(function PublicTurn(props: PublicTurnProps) {
  const { question, images = NO_IMAGES, answer, status, step, errorText, citations, agentName, onCitation } = props;
  const { conversationSegmentId, parentSegmentId = null, siblingIds = NO_SIBLINGS, busy = false } = props;
  const { onAskAgain, onSelectBranch } = props;
  const { t } = useTranslation();
  const streaming = status === "Streaming" || status === "Pending";
  const askAgain = useCallback(
    (text: string, removedFileIds: readonly string[] = []) =>
      onAskAgain?.(
        text,
        parentSegmentId,
        images.filter((image) => !removedFileIds.includes(image.visionImageId)),
      ),
    [onAskAgain, parentSegmentId, images],
  );
  const saved = conversationSegmentId !== undefined && onAskAgain !== undefined;
  const editable = saved && !busy;
  return (
    <Stack spacing={2} data-testid="public-chat-turn" sx={{ pb: 3 }}>
      <QuestionBubble
        question={question}
        visionImages={images}
        segmentId={conversationSegmentId}
        onEdit={editable ? askAgain : undefined}
      />
      <Box data-testid="answer" data-status={status} sx={{ display: "flex", gap: 1.5 }}>
        <Avatar alt="" sx={{ width: 28, height: 28, fontSize: 13, bgcolor: "primary.main" }}>
          {agentName.slice(0, 1).toUpperCase()}
        </Avatar>
        <Box sx={{ flex: 1, minWidth: 0 }} aria-live={streaming ? "polite" : undefined}>
          <Box sx={{ fontWeight: 600, fontSize: 14, mb: 0.5, lineHeight: "28px" }}>{agentName}</Box>
          {streaming ? <StreamingMarkdown text={answer} /> : answer !== "" && <MarkdownContent text={answer} />}
          {streaming && step && (
            <Typography variant="caption" color="text.secondary">
              {step}
            </Typography>
          )}
          {status === "Aborted" && (
            <Typography variant="caption" color="text.secondary">
              {t("publicChat.stopped")}
            </Typography>
          )}
          {/* Why a complete answer stops where it does; why a failed one broke off, below what it had said. */}
          {errorText && status === "Complete" && <AnswerNotice text={errorText} />}
          {errorText && status === "Failed" && <AnswerStatusMark status="Failed" errorText={errorText} />}
          {citations.length > 0 && (
            <Stack direction="row" useFlexGap spacing={0.5} sx={{ flexWrap: "wrap", mt: 1 }}>
              {citations.map((citation, index) => (
                <Chip
                  key={`${citation.path}-${index}`}
                  size="small"
                  variant="outlined"
                  label={`[${index + 1}] ${citation.title}`}
                  onClick={citation.fileId && onCitation ? () => onCitation(citation) : undefined}
                />
              ))}
            </Stack>
          )}
          {saved && !streaming && (
            <AnswerActionsRow>
              {onSelectBranch && (
                <BranchSwitcher
                  segmentId={conversationSegmentId}
                  siblingIds={siblingIds}
                  disabled={busy}
                  onSelect={onSelectBranch}
                />
              )}
              <CopyAnswerButton answer={answer} />
              <RegenerateButton disabled={busy} onRegenerate={() => askAgain(question)} />
            </AnswerActionsRow>
          )}
        </Box>
      </Box>
    </Stack>
  );
});
