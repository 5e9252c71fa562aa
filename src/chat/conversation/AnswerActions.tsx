import ContentCopyRoundedIcon from "@mui/icons-material/ContentCopyRounded";
import InsightsRoundedIcon from "@mui/icons-material/InsightsRounded";
import ReplayRoundedIcon from "@mui/icons-material/ReplayRounded";
import Box from "@mui/material/Box";
import IconButton from "@mui/material/IconButton";
import Tooltip from "@mui/material/Tooltip";
import { useTranslation } from "react-i18next";
import { executionDetailsActions } from "../executionDetails/executionDetailsStore";
import { copyText } from "../markdown/copyText";
import { BranchNavigator } from "./BranchNavigator";
import type { ConversationSegment } from "./conversationTypes";
import { FeedbackButtons } from "./FeedbackButtons";
import { ReportAgentButton } from "../personalAgents/ReportAgentButton";

export interface AnswerActionsProps {
  conversationId: string;
  segment: ConversationSegment;
  /** While an answer streams, nothing may start another one. */
  busy: boolean;
  onRegenerate(): void;
}

/** Per-answer actions (spec §2): branches, copy, feedback, regenerate, execution details. */
export function AnswerActions({ conversationId, segment, busy, onRegenerate }: AnswerActionsProps) {
  const { t } = useTranslation();
  return (
    <Box
      sx={{
        display: "flex",
        alignItems: "center",
        flexWrap: "wrap",
        gap: 0.25,
        mt: 0.75,
        ml: -0.75,
        color: "text.secondary",
      }}
    >
      <BranchNavigator
        conversationId={conversationId}
        segmentId={segment.conversationSegmentId}
        siblingIds={segment.siblingIds}
        disabled={busy}
      />
      <Tooltip title={t("conversation.copyAnswer")}>
        <IconButton
          size="small"
          aria-label={t("conversation.copyAnswer")}
          onClick={() => void copyText(segment.answer, t("markdown.copied"))}
        >
          <ContentCopyRoundedIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <FeedbackButtons conversationId={conversationId} segment={segment} />
      <Tooltip title={t("conversation.regenerate")}>
        <span>
          <IconButton size="small" aria-label={t("conversation.regenerate")} disabled={busy} onClick={onRegenerate}>
            <ReplayRoundedIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title={t("conversation.details")}>
        <IconButton
          size="small"
          aria-label={t("conversation.details")}
          onClick={() => executionDetailsActions.show(segment.conversationSegmentId)}
        >
          <InsightsRoundedIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <ReportAgentButton conversationId={conversationId} agent={segment.answeredWithGptSystem} />
    </Box>
  );
}
