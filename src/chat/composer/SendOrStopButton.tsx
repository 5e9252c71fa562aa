import ArrowUpwardRoundedIcon from "@mui/icons-material/ArrowUpwardRounded";
import StopRoundedIcon from "@mui/icons-material/StopRounded";
import IconButton from "@mui/material/IconButton";
import Tooltip from "@mui/material/Tooltip";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { pressedWithFinger } from "../../app/a11y/pressedWithFinger";

export interface SendOrStopButtonProps {
  streaming: boolean;
  canSend: boolean;
  /** A file is still uploading: Send says to wait for it. */
  uploading: boolean;
  onStop(): void;
  /** Stop had the focus when it turned back into Send (stopped, or the answer ended): the focus goes on from there. */
  onFocusLeft(): void;
}

/** The composer's round button: Send (a submit button) while idle, Stop while an answer streams. */
export function SendOrStopButton({
  streaming,
  canSend,
  uploading,
  onStop,
  onFocusLeft,
}: SendOrStopButtonProps) {
  const { t } = useTranslation();
  // Stop leaves the page when the answer ends, and the focus with it (to the page's body). The keyboard's
  // and the mouse's focus is moved on; a finger's is not: a tap on a phone must not open the on-screen keyboard.
  const focusedStop = useRef(false);
  useEffect(() => {
    if (streaming || !focusedStop.current) return;
    focusedStop.current = false;
    if (document.activeElement === null || document.activeElement === document.body) onFocusLeft();
  }, [streaming, onFocusLeft]);
  return streaming ? (
    <Tooltip title={t("composer.stop")}>
      <IconButton
        aria-label={t("composer.stop")}
        onClick={onStop}
        onFocus={() => (focusedStop.current = !pressedWithFinger())}
        onBlur={(event) => {
          // Removed while focused, the button loses its focus to nothing: that is the case handled above.
          if (event.relatedTarget) focusedStop.current = false;
        }}
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
