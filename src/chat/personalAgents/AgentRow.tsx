import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { useId, type ReactNode } from "react";
import { AgentAvatar } from "../agents/AgentAvatar";
import type { AgentDisplayState } from "../agents/agentDisplayState";

export interface AgentRowProps {
  gptSystemId: string;
  /** The agent's name as stored (the avatar's initial and the tooltip). */
  name: string;
  /** What the heading shows, e.g. the name marked as banned. */
  title: string;
  subtitle: string;
  state: AgentDisplayState;
  /** The row's buttons, after the text. */
  children: ReactNode;
}

/** One row of an AgentRowList on /chat/agents (a personal agent or a draft): avatar, name, a line of detail, actions. */
export function AgentRow({ gptSystemId, name, title, subtitle, state, children }: AgentRowProps) {
  const id = useId();
  return (
    <Paper
      variant="outlined"
      component="li"
      aria-labelledby={`${id}-name`}
      sx={{ display: "flex", alignItems: "center", gap: 1.5, p: 1.5, borderRadius: 3 }}
    >
      <AgentAvatar gptSystemId={gptSystemId} name={name} state={state} size={40} sx={{ borderRadius: 1.2 }} />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography id={`${id}-name`} variant="subtitle2" component="h3" noWrap title={name}>
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary" noWrap>
          {subtitle || "\u00a0"}
        </Typography>
      </Box>
      {children}
    </Paper>
  );
}
