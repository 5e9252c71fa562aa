import ContentCopyRoundedIcon from "@mui/icons-material/ContentCopyRounded";
import IconButton from "@mui/material/IconButton";
import Tooltip from "@mui/material/Tooltip";
import { useTranslation } from "react-i18next";
import { copyText } from "../markdown/copyText";

/** Copies an answer's markdown to the clipboard (confirmed with a toast). */
export function CopyAnswerButton({ answer }: { answer: string }) {
  const { t } = useTranslation();
  return (
    <Tooltip title={t("conversation.copyAnswer")}>
      <IconButton
        size="small"
        aria-label={t("conversation.copyAnswer")}
        onClick={() => void copyText(answer, t("markdown.copied"))}
      >
        <ContentCopyRoundedIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}
