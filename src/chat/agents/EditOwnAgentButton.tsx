import EditOutlinedIcon from "@mui/icons-material/EditOutlined";
import IconButton from "@mui/material/IconButton";
import type { SxProps, Theme } from "@mui/material/styles";
import Tooltip from "@mui/material/Tooltip";
import { useTranslation } from "react-i18next";
import { useFeatureFlags } from "../../app/api/queries/useFeatureFlags";
import { useNavContext } from "../../app/layout/useNavContext";
import { useEditPersonalAgent } from "../personalAgents/useEditPersonalAgent";
import type { GptSystemSummary } from "../queries/chatTypes";
import { canEditAgent, type AgentDisplayState } from "./agentDisplayState";
import "../../app/i18n/personalAgentStrings";

export interface EditOwnAgentButtonProps {
  agent: GptSystemSummary;
  state: AgentDisplayState;
  sx?: SxProps<Theme>;
}

/**
 * 'Edit agent' on the user's own personal agents (spec §4), opening 'Edit Personal Agent' on a draft of it;
 * nothing for other agents or while personal agents are off (the edit route does not exist then).
 */
export function EditOwnAgentButton({ agent, state, sx }: EditOwnAgentButtonProps) {
  const { t } = useTranslation();
  const { isEnabled } = useFeatureFlags();
  const { closeMobile } = useNavContext();
  const { edit, isPending } = useEditPersonalAgent();
  if (!isEnabled("AllowUserCreatedGptSystems") || !canEditAgent(agent, state)) return null;
  const label = t("personalAgents.edit");
  return (
    <Tooltip title={label} describeChild>
      <IconButton
        size="small"
        aria-label={`${label}: ${agent.name}`}
        loading={isPending}
        onClick={(event) => {
          event.stopPropagation();
          closeMobile();
          edit(agent.gptSystemId);
        }}
        sx={sx}
      >
        <EditOutlinedIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}
