import ChatBubbleOutlineRoundedIcon from "@mui/icons-material/ChatBubbleOutlineRounded";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import Chip from "@mui/material/Chip";
import Typography from "@mui/material/Typography";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { GptSystemSummary } from "../queries/chatTypes";
import { AgentAvatar } from "./AgentAvatar";
import { agentDisplayName } from "./agentDisplayName";
import { PinToggleButton } from "./PinToggleButton";
import { useAgentDisplayState } from "./useAgentDisplayState";
import { useSelectAgent } from "./useSelectAgent";
import "../../app/i18n/agentStrings";

/** One agent in the directory: avatar, name, description, the pin toggle and 'Chat'. */
export function AgentCard({ agent }: { agent: GptSystemSummary }) {
  const { t } = useTranslation();
  const id = useId();
  const state = useAgentDisplayState(agent);
  const selectAgent = useSelectAgent();
  const name = agentDisplayName(agent.name, state, t);
  return (
    <Card
      component="article"
      aria-labelledby={`${id}-name`}
      variant="outlined"
      sx={{
        height: "100%",
        display: "flex",
        flexDirection: "column",
        p: 2.5,
        gap: 2,
        borderRadius: 3,
        boxShadow: "none",
        transition: (theme) => theme.transitions.create(["border-color", "box-shadow"], { duration: 150 }),
        "&:hover": { borderColor: "primary.main", boxShadow: (theme) => `0 4px 16px ${theme.palette.action.hover}` },
      }}
    >
      <Box sx={{ display: "flex", alignItems: "flex-start", gap: 1.5 }}>
        <AgentAvatar
          gptSystemId={agent.gptSystemId}
          name={agent.name}
          state={state}
          size={48}
          sx={{ borderRadius: 1.4 }}
        />
        <Box sx={{ flex: 1, minWidth: 0, pt: 0.25 }}>
          <Typography
            id={`${id}-name`}
            component="h3"
            variant="subtitle1"
            title={agent.name}
            sx={{
              fontWeight: 700,
              lineHeight: 1.3,
              display: "-webkit-box",
              WebkitLineClamp: 2,
              WebkitBoxOrient: "vertical",
              overflow: "hidden",
              overflowWrap: "anywhere",
            }}
          >
            {name}
          </Typography>
          {agent.gptSystemType === "User" && (
            <Chip
              label={t("agents.personal")}
              size="small"
              variant="outlined"
              sx={{ mt: 0.5, height: 20, fontSize: "0.6875rem" }}
            />
          )}
        </Box>
        <PinToggleButton
          agent={agent}
          sx={{ mt: -0.5, mr: -0.5, color: agent.isPinned ? "primary.main" : "text.secondary" }}
        />
      </Box>
      <Typography
        variant="body2"
        color="text.secondary"
        sx={{
          flex: 1,
          display: "-webkit-box",
          WebkitLineClamp: 3,
          WebkitBoxOrient: "vertical",
          overflow: "hidden",
          minHeight: "4.3em",
        }}
      >
        {agent.description || t("agents.noDescription")}
      </Typography>
      <Button
        variant="outlined"
        startIcon={<ChatBubbleOutlineRoundedIcon />}
        disabled={state !== "normal"}
        onClick={(event) => selectAgent(agent.gptSystemId, event.detail === 0)}
        aria-label={t("agents.chatWith", { name })}
        sx={{ alignSelf: "flex-start", borderRadius: 2 }}
      >
        {t("agents.chat")}
      </Button>
    </Card>
  );
}
