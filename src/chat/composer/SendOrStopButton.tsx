import ArrowUpwardRoundedIcon from "@mui/icons-material/ArrowUpwardRounded";
import StopRoundedIcon from "@mui/icons-material/StopRounded";
import IconButton from "@mui/material/IconButton";
import Tooltip from "@mui/material/Tooltip";
import { useTranslation } from "react-i18next";

export interface SendOrStopButtonProps {
  streaming: boolean;
  canSend: boolean;
  /** A file is still uploading: Send says to wait for it. */
  uploading: boolean;
  onStop(): void;
}

/** The composer's round button: Send (a submit button) while idle, Stop while an answer streams. */
export function SendOrStopButton({ streaming, canSend, uploading, onStop }: SendOrStopButtonProps) {
  const { t } = useTranslation();
  return streaming ? (
    <Tooltip title={t("composer.stop")}>
      <IconButton
        aria-label={t("composer.stop")}
        onClick={onStop}
        sx={{ bgcolor: "text.primary", color: "background.paper", "&:hover": { bgcolor: "text.secondary" } }}
      >
        <StopRoundedIcon />
      </IconButton>
    </Tooltip>
  ) : (
    <Tooltip title={uploading ? t("attachments.waitForUploads") : t("composer.send")}>
      {/* A disabled button fires no events: the span keeps the tooltip working. */}
      <span>
        <IconButton
          type="submit"
          aria-label={t("composer.send")}
          disabled={!canSend}
          sx={{
            bgcolor: "primary.main",
            color: "primary.contrastText",
            "&:hover": { bgcolor: "primary.dark" },
            "&.Mui-disabled": { bgcolor: "action.disabledBackground", color: "action.disabled" },
          }}
        >
          <ArrowUpwardRoundedIcon />
        </IconButton>
      </span>
    </Tooltip>
  );
}
