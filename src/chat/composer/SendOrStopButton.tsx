import ArrowUpwardRoundedIcon from "@mui/icons-material/ArrowUpwardRounded";
import StopRoundedIcon from "@mui/icons-material/StopRounded";
import IconButton from "@mui/material/IconButton";
import Tooltip from "@mui/material/Tooltip";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";

export interface SendOrStopButtonProps {
  streaming: boolean;
  canSend: boolean;
  /** A file is still uploading: Send says to wait for it. */
  uploading: boolean;
  onStop(): void;
  /** Stop had the keyboard's focus when it turned back into Send (stopped, or the answer ended): the focus goes on from there. */
  onKeyboardFocusLeft(): void;
}

/** The composer's round button: Send (a submit button) while idle, Stop while an answer streams. */
export function SendOrStopButton({
  streaming,
  canSend,
  uploading,
  onStop,
  onKeyboardFocusLeft,
}: SendOrStopButtonProps) {
  const { t } = useTranslation();
  // Stop leaves the page when the answer ends, and the focus with it (to the page's body). Only the
  // keyboard's focus is moved on: a tap on a phone must not open the on-screen keyboard.
  const keyboardOnStop = useRef(false);
  useEffect(() => {
    if (streaming || !keyboardOnStop.current) return;
    keyboardOnStop.current = false;
    if (document.activeElement === null || document.activeElement === document.body) onKeyboardFocusLeft();
  }, [streaming, onKeyboardFocusLeft]);
  return streaming ? (
    <Tooltip title={t("composer.stop")}>
      <IconButton
        aria-label={t("composer.stop")}
        onClick={onStop}
        onFocus={(event) => (keyboardOnStop.current = event.currentTarget.matches(":focus-visible"))}
        onBlur={(event) => {
          // Removed while focused, the button loses its focus to nothing: that is the case handled above.
          if (event.relatedTarget) keyboardOnStop.current = false;
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
