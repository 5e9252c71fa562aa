import ThumbDownAltOutlinedIcon from "@mui/icons-material/ThumbDownAltOutlined";
import ThumbDownAltRoundedIcon from "@mui/icons-material/ThumbDownAltRounded";
import ThumbUpAltOutlinedIcon from "@mui/icons-material/ThumbUpAltOutlined";
import ThumbUpAltRoundedIcon from "@mui/icons-material/ThumbUpAltRounded";
import IconButton from "@mui/material/IconButton";
import Tooltip from "@mui/material/Tooltip";
import { useTranslation } from "react-i18next";
import type { ConversationSegment } from "./conversationTypes";
import { useFeedback } from "./useFeedback";

/** Thumbs up / down; the chosen one is filled and pressing it again removes the rating. */
export function FeedbackButtons({ conversationId, segment }: { conversationId: string; segment: ConversationSegment }) {
  const { t } = useTranslation();
  const feedback = useFeedback(conversationId, segment.conversationSegmentId);
  const current = segment.feedback;
  // Ignored, not disabled, while the last press is sent: a disabled button drops the keyboard's focus.
  const rate = (rating: "Positive" | "Negative") => {
    if (!feedback.isPending) feedback.mutate({ feedback: rating, current });
  };
  return (
    <>
      <Tooltip title={t("conversation.goodAnswer")}>
        <IconButton
          size="small"
          aria-label={t("conversation.goodAnswer")}
          aria-pressed={current === "Positive"}
          onClick={() => rate("Positive")}
          color={current === "Positive" ? "primary" : "default"}
        >
          {current === "Positive" ? (
            <ThumbUpAltRoundedIcon fontSize="small" />
          ) : (
            <ThumbUpAltOutlinedIcon fontSize="small" />
          )}
        </IconButton>
      </Tooltip>
      <Tooltip title={t("conversation.badAnswer")}>
        <IconButton
          size="small"
          aria-label={t("conversation.badAnswer")}
          aria-pressed={current === "Negative"}
          onClick={() => rate("Negative")}
          color={current === "Negative" ? "primary" : "default"}
        >
          {current === "Negative" ? (
            <ThumbDownAltRoundedIcon fontSize="small" />
          ) : (
            <ThumbDownAltOutlinedIcon fontSize="small" />
          )}
        </IconButton>
      </Tooltip>
    </>
  );
}
