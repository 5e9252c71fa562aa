import PushPinOutlinedIcon from "@mui/icons-material/PushPinOutlined";
import PushPinRoundedIcon from "@mui/icons-material/PushPinRounded";
import IconButton from "@mui/material/IconButton";
import type { SxProps, Theme } from "@mui/material/styles";
import Tooltip from "@mui/material/Tooltip";
import { useTranslation } from "react-i18next";
import type { GptSystemSummary } from "../queries/chatTypes";
import { usePinAgent } from "../queries/usePinAgent";
import "../../app/i18n/agentStrings";

export interface PinToggleButtonProps {
  agent: GptSystemSummary;
  /** Spec §8: success toasts only from the Recent list. */
  announceSuccess?: boolean;
  sx?: SxProps<Theme>;
}

/** Pins or unpins an agent (spec §4 "Agent membership"); pressed while pinned. */
export function PinToggleButton({ agent, announceSuccess = false, sx }: PinToggleButtonProps) {
  const { t } = useTranslation();
  const pin = usePinAgent({ announceSuccess });
  const label = t(agent.isPinned ? "agents.unpin" : "agents.pin");
  return (
    // Not interactive: a tooltip the pointer can rest on would cover the next row's pin button.
    <Tooltip title={label} describeChild disableInteractive>
      <IconButton
        size="small"
        aria-label={t("agents.pinNamed", { name: agent.name })}
        aria-pressed={agent.isPinned}
        onClick={(event) => {
          event.stopPropagation();
          // Ignored, not disabled, while the last press is sent: a disabled button drops the keyboard's focus.
          if (!pin.isPending) pin.mutate({ gptSystemId: agent.gptSystemId, pin: !agent.isPinned });
        }}
        sx={sx}
      >
        {agent.isPinned ? <PushPinRoundedIcon fontSize="small" /> : <PushPinOutlinedIcon fontSize="small" />}
      </IconButton>
    </Tooltip>
  );
}
