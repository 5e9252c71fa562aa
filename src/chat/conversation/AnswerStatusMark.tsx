import ErrorOutlineRoundedIcon from "@mui/icons-material/ErrorOutlineRounded";
import InfoOutlinedIcon from "@mui/icons-material/InfoOutlined";
import StopCircleOutlinedIcon from "@mui/icons-material/StopCircleOutlined";
import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import { useTranslation } from "react-i18next";

export interface AnswerStatusMarkProps {
  status: "Aborted" | "Failed";
  errorText: string | null;
}

/**
 * Marks an answer that did not complete: 'Stopped' when the user stopped it, the error when it failed.
 * No alert: a stored failure's mark comes back into the page whenever its row scrolls into view, and
 * would be announced again each time; the failure of an answer streamed here is said by AnswerAnnouncer.
 */
export function AnswerStatusMark({ status, errorText }: AnswerStatusMarkProps) {
  const { t } = useTranslation();
  if (status === "Aborted")
    return (
      <Chip
        icon={<StopCircleOutlinedIcon />}
        label={t("conversation.stopped")}
        size="small"
        variant="outlined"
        sx={{ mt: 1, color: "text.secondary" }}
      />
    );
  return (
    <Box
      sx={{
        display: "flex",
        gap: 1,
        alignItems: "flex-start",
        mt: 1,
        px: 1.5,
        py: 1,
        borderRadius: 2,
        border: 1,
        borderColor: "error.light",
        bgcolor: (theme) => (theme.palette.mode === "dark" ? "rgba(244,67,54,0.12)" : "#fdf2f2"),
        color: "error.main",
        fontSize: 14,
      }}
    >
      <ErrorOutlineRoundedIcon fontSize="small" sx={{ mt: "1px" }} />
      <span>{errorText || t("conversation.failed")}</span>
    </Box>
  );
}

/** A complete answer that the model ended early (its length limit, a content filter): why it stops where it does. */
export function AnswerNotice({ text }: { text: string }) {
  return (
    <Box
      role="note"
      sx={{ display: "flex", gap: 1, alignItems: "flex-start", mt: 1, color: "text.secondary", fontSize: 14 }}
    >
      <InfoOutlinedIcon fontSize="small" sx={{ mt: "1px" }} />
      <span>{text}</span>
    </Box>
  );
}
