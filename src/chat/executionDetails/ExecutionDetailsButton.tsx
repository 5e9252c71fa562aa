import InsightsRoundedIcon from "@mui/icons-material/InsightsRounded";
import IconButton from "@mui/material/IconButton";
import Tooltip from "@mui/material/Tooltip";
import { useTranslation } from "react-i18next";
import { executionDetailsActions } from "./executionDetailsStore";

/** "Details" on an answer: opens the execution details drawer on it (turning showChatExecutionDetailsDrawer on). */
export function ExecutionDetailsButton({ segmentId }: { segmentId: string }) {
  const { t } = useTranslation();
  return (
    <Tooltip title={t("conversation.details")}>
      <IconButton
        size="small"
        aria-label={t("conversation.details")}
        // A click with no pointer (detail 0) is Enter or Space.
        onClick={(event) =>
          executionDetailsActions.show(segmentId, { button: event.currentTarget, byKeyboard: event.detail === 0 })
        }
      >
        <InsightsRoundedIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}
