import ChatBubbleOutlineRoundedIcon from "@mui/icons-material/ChatBubbleOutlineRounded";
import DeleteOutlineRoundedIcon from "@mui/icons-material/DeleteOutlineRounded";
import EditOutlinedIcon from "@mui/icons-material/EditOutlined";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import Tooltip from "@mui/material/Tooltip";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { agentDisplayName } from "../agents/agentDisplayName";
import { useAgentDisplayState } from "../agents/useAgentDisplayState";
import { useSelectAgent } from "../agents/useSelectAgent";
import type { GptSystemSummary } from "../queries/chatTypes";
import { AgentRow } from "./AgentRow";
import { DeletePersonalAgentDialog } from "./DeletePersonalAgentDialog";
import { useEditPersonalAgent } from "./useEditPersonalAgent";
import "../../app/i18n/personalAgentStrings";

/** One of the user's published personal agents: Chat, and Edit only when neither banned nor blocked (spec §5). */
export function PersonalAgentRow({ agent }: { agent: GptSystemSummary }) {
  const { t } = useTranslation();
  const state = useAgentDisplayState(agent);
  const selectAgent = useSelectAgent();
  const { edit, isPending } = useEditPersonalAgent();
  const [deleting, setDeleting] = useState(false);
  const usable = state === "normal";

  return (
    <AgentRow
      gptSystemId={agent.gptSystemId}
      name={agent.name}
      title={agentDisplayName(agent.name, state, t)}
      subtitle={agent.description}
      state={state}
    >
      {usable && (
        <Tooltip title={t("personalAgents.edit")}>
          <IconButton aria-label={t("personalAgents.edit")} loading={isPending} onClick={() => edit(agent.gptSystemId)}>
            <EditOutlinedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      <Tooltip title={t("personalAgents.delete")}>
        <IconButton aria-label={t("personalAgents.delete")} onClick={() => setDeleting(true)}>
          <DeleteOutlineRoundedIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      {usable && (
        <Button
          size="small"
          variant="contained"
          startIcon={<ChatBubbleOutlineRoundedIcon />}
          onClick={(event) => selectAgent(agent.gptSystemId, event.detail === 0)}
        >
          {t("personalAgents.chatWithAgent")}
        </Button>
      )}
      <DeletePersonalAgentDialog agent={deleting ? agent : null} onClose={() => setDeleting(false)} />
    </AgentRow>
  );
}
