import BlockRoundedIcon from "@mui/icons-material/BlockRounded";
import Avatar from "@mui/material/Avatar";
import type { SxProps, Theme } from "@mui/material/styles";
import { useAgentAvatar } from "../queries/useAgentAvatar";
import type { AgentDisplayState } from "./agentDisplayState";

export interface AgentAvatarProps {
  gptSystemId: string;
  name: string;
  state: AgentDisplayState;
  size: number;
  sx?: SxProps<Theme>;
}

/** An agent's avatar; banned and blocked agents show the forbidden icon instead (spec §3). */
export function AgentAvatar({ gptSystemId, name, state, size, sx }: AgentAvatarProps) {
  const src = useAgentAvatar(gptSystemId, state === "normal");
  const frame = { width: size, height: size, fontSize: size * 0.45, fontWeight: 700 };
  if (state !== "normal") {
    return (
      <Avatar
        aria-hidden
        sx={[frame, { bgcolor: "error.main", color: "error.contrastText" }, ...(Array.isArray(sx) ? sx : [sx])]}
      >
        <BlockRoundedIcon sx={{ fontSize: size * 0.6 }} />
      </Avatar>
    );
  }
  return (
    <Avatar src={src} alt="" aria-hidden sx={[frame, { bgcolor: "primary.main" }, ...(Array.isArray(sx) ? sx : [sx])]}>
      {name.trim().charAt(0).toUpperCase()}
    </Avatar>
  );
}
