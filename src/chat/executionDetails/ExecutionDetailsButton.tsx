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
        onClick={() => executionDetailsActions.show(segmentId)}
      >
        <InsightsRoundedIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}
