import ButtonBase from "@mui/material/ButtonBase";
import Box from "@mui/material/Box";
import { alpha } from "@mui/material/styles";
import { useTranslation } from "react-i18next";
import { useNavContext } from "../../app/layout/useNavContext";
import { useStore } from "../../app/store/useStore";
import type { GptSystemSummary } from "../queries/chatTypes";
import { chatStore } from "../state/chatStore";
import { AgentAvatar } from "./AgentAvatar";
import { agentDisplayName } from "./agentDisplayName";
import { EditOwnAgentButton } from "./EditOwnAgentButton";
import { PinToggleButton } from "./PinToggleButton";
import { useAgentDisplayState } from "./useAgentDisplayState";
import { useSelectAgent } from "./useSelectAgent";
import { navRowFocusRing } from "../navigation/menuStyles";

const ROW_HEIGHT = 44;

export interface AgentNavRowProps {
  agent: GptSystemSummary;
  /** The Recent list announces pin changes with a toast (spec §8). */
  announcePins: boolean;
}

/**
 * An agent in the Agents tab: avatar, name (or 'Banned Agent' / 'Blocked
 * Agent', which cannot be opened), Edit on the user's own personal agents and the pin toggle.
 */
export function AgentNavRow({ agent, announcePins }: AgentNavRowProps) {
  const { t } = useTranslation();
  const state = useAgentDisplayState(agent);
  const selectAgent = useSelectAgent();
  const { isDesktop } = useNavContext();
  const current = useStore(
    chatStore,
    (s) => s.currentGptSystemId === agent.gptSystemId && s.currentConversationId === null,
  );
  const usable = state === "normal";
  return (
    <Box
      role="listitem"
      data-row-id={agent.gptSystemId}
      sx={(theme) => ({
        height: ROW_HEIGHT,
        display: "flex",
        alignItems: "center",
        borderRadius: 1.5,
        bgcolor: current ? alpha(theme.palette.menu.textPrimary, 0.12) : "transparent",
        "&:hover": { bgcolor: alpha(theme.palette.menu.textPrimary, current ? 0.14 : 0.07) },
      })}
    >
      <ButtonBase
        disabled={!usable}
        // Below lg the row goes away with its drawer: a keyboard's focus goes on to the message box.
        onClick={(event) => selectAgent(agent.gptSystemId, event.detail === 0 && !isDesktop)}
        title={agent.name}
        aria-current={current ? "page" : undefined}
        sx={(theme) => ({
          flex: 1,
          minWidth: 0,
          height: "100%",
          justifyContent: "flex-start",
          gap: 1.25,
          px: 1,
          borderRadius: 1.5,
          fontSize: "0.875rem",
          fontWeight: current ? 600 : 500,
          color: usable ? theme.palette.menu.textPrimary : theme.palette.menu.textSecondary,
          "&.Mui-disabled": { color: theme.palette.menu.textSecondary },
          "&.Mui-focusVisible": navRowFocusRing(theme),
        })}
      >
        <AgentAvatar gptSystemId={agent.gptSystemId} name={agent.name} state={state} size={28} />
        <Box component="span" sx={{ overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}>
          {agentDisplayName(agent.name, state, t)}
        </Box>
      </ButtonBase>
      <EditOwnAgentButton
        agent={agent}
        state={state}
        sx={(theme) => ({
          color: theme.palette.menu.textSecondary,
          "&:hover": { color: theme.palette.menu.textPrimary, bgcolor: alpha(theme.palette.menu.textPrimary, 0.1) },
        })}
      />
      <PinToggleButton
        agent={agent}
        announceSuccess={announcePins}
        sx={(theme) => ({
          mr: 0.5,
          color: agent.isPinned ? theme.palette.primary.light : theme.palette.menu.textSecondary,
          "&:hover": { color: theme.palette.menu.textPrimary, bgcolor: alpha(theme.palette.menu.textPrimary, 0.1) },
        })}
      />
    </Box>
  );
}
