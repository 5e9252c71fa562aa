import ChatBubbleOutlineRoundedIcon from "@mui/icons-material/ChatBubbleOutlineRounded";
import DeleteOutlineRoundedIcon from "@mui/icons-material/DeleteOutlineRounded";
import EditOutlinedIcon from "@mui/icons-material/EditOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import Paper from "@mui/material/Paper";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { AgentAvatar } from "../agents/AgentAvatar";
import { agentDisplayName } from "../agents/agentDisplayName";
import { useAgentDisplayState } from "../agents/useAgentDisplayState";
import { useSelectAgent } from "../agents/useSelectAgent";
import type { GptSystemSummary } from "../queries/chatTypes";
import { DeletePersonalAgentDialog } from "./DeletePersonalAgentDialog";
import { useEditPersonalAgent } from "./useEditPersonalAgent";

/** One of the user's published personal agents: Chat, and Edit only when neither banned nor blocked (spec §5). */
export function PersonalAgentRow({ agent }: { agent: GptSystemSummary }) {
  const { t } = useTranslation();
  const id = useId();
  const state = useAgentDisplayState(agent);
  const selectAgent = useSelectAgent();
  const { edit, isPending } = useEditPersonalAgent();
  const [deleting, setDeleting] = useState(false);
  const usable = state === "normal";

  return (
    <Paper
      variant="outlined"
      component="li"
      aria-labelledby={`${id}-name`}
      sx={{ display: "flex", alignItems: "center", gap: 1.5, p: 1.5, borderRadius: 3 }}
    >
      <AgentAvatar
        gptSystemId={agent.gptSystemId}
        name={agent.name}
        state={state}
        size={40}
        sx={{ borderRadius: 1.2 }}
      />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography id={`${id}-name`} variant="subtitle2" component="h3" noWrap title={agent.name}>
          {agentDisplayName(agent.name, state, t)}
        </Typography>
        <Typography variant="body2" color="text.secondary" noWrap>
          {agent.description || "\u00a0"}
        </Typography>
      </Box>
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
          onClick={() => selectAgent(agent.gptSystemId)}
        >
          {t("personalAgents.chatWithAgent")}
        </Button>
      )}
      <DeletePersonalAgentDialog agent={deleting ? agent : null} onClose={() => setDeleting(false)} />
    </Paper>
  );
}
