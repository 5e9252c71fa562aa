import Avatar from "@mui/material/Avatar";
import { useAgentAvatar } from "../queries/useAgentAvatar";

export interface AgentAvatarProps {
  gptSystemId: string | null;
  name: string;
  size?: number;
}

/** An agent's avatar, fetched with the bearer token as a blob (spec §7 "Agent avatar"); its initial meanwhile. */
export function AgentAvatar({ gptSystemId, name, size = 28 }: AgentAvatarProps) {
  const src = useAgentAvatar(gptSystemId ?? "", gptSystemId !== null);
  return (
    <Avatar
      src={src}
      alt=""
      sx={{
        width: size,
        height: size,
        fontSize: size * 0.45,
        bgcolor: "primary.main",
        border: 1,
        borderColor: "divider",
      }}
    >
      {name.slice(0, 1).toUpperCase()}
    </Avatar>
  );
}
