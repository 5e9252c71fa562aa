import Avatar from "@mui/material/Avatar";
import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { memo } from "react";
import { useTranslation } from "react-i18next";
import type { components } from "../../generated/api";
import { QuestionFiles } from "../attachments/QuestionFiles";
import { MarkdownContent } from "../markdown/MarkdownContent";
import { StreamingMarkdown } from "../markdown/StreamingMarkdown";

type Citation = components["schemas"]["Citation"];
type VisionImage = components["schemas"]["VisionImage"];
const NO_IMAGES: readonly VisionImage[] = [];

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
}

/**
 * One question and its answer in the public chat. Visitors get the answer, its sources and its
 * state; the signed-in chat's per-answer actions (feedback, branches, execution details, reports)
 * need an account and are left out.
 */
export const PublicTurn = memo(function PublicTurn(props: PublicTurnProps) {
  const { question, images = NO_IMAGES, answer, status, step, errorText, citations, agentName, onCitation } = props;
  const { t } = useTranslation();
  const streaming = status === "Streaming" || status === "Pending";
  return (
    <Stack spacing={2} data-testid="public-chat-turn" sx={{ pb: 3 }}>
      {images.length > 0 && (
        <Box sx={{ alignSelf: "flex-end", maxWidth: "85%", mb: -1.5 }}>
          <QuestionFiles visionImages={images} attachments={[]} />
        </Box>
      )}
      <Box
        sx={{
          alignSelf: "flex-end",
          maxWidth: "85%",
          bgcolor: "action.selected",
          borderRadius: 3,
          px: 2,
          py: 1.25,
        }}
      >
        <Typography sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>{question}</Typography>
      </Box>
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
          {status === "Failed" && errorText && answer === "" && (
            <Typography variant="body2" color="text.secondary">
              {errorText}
            </Typography>
          )}
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
        </Box>
      </Box>
    </Stack>
  );
});
