import ReplayRoundedIcon from "@mui/icons-material/ReplayRounded";
import IconButton from "@mui/material/IconButton";
import Tooltip from "@mui/material/Tooltip";
import { useTranslation } from "react-i18next";

/** Asks the answer's question again, as a sibling branch (spec §2). */
export function RegenerateButton({
  disabled,
  onRegenerate,
}: {
  disabled: boolean;
  onRegenerate(): void;
}) {
  const { t } = useTranslation();
  return (
    <Tooltip title={t("conversation.regenerate")}>
      {/* The span keeps the tooltip working while the button is disabled. */}
      <span>
        <IconButton
          size="small"
          aria-label={t("conversation.regenerate")}
          disabled={disabled}
          onClick={() => onRegenerate()}
        >
          <ReplayRoundedIcon fontSize="small" />
        </IconButton>
      </span>
    </Tooltip>
  );
}
