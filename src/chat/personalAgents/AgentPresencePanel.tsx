import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import { AgentAvatarUpload } from "./AgentAvatarUpload";
import { ShareAgentPanel } from "./ShareAgentPanel";
import type { PersonalConfigState } from "./usePersonalAgentApi";

/**
 * How the agent shows to others, on 'Edit Personal Agent': its avatar and sharing. Both belong to the agent,
 * not to one configuration, so they stay editable on the published configuration too.
 */
export function AgentPresencePanel({ state }: { state: PersonalConfigState }) {
  return (
    <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", md: "auto minmax(0, 1fr)" }, my: 3 }}>
      <Paper variant="outlined" sx={{ p: 2, borderRadius: 3, display: "flex", alignItems: "center" }}>
        <AgentAvatarUpload state={state} />
      </Paper>
      <ShareAgentPanel state={state} />
    </Box>
  );
}
