import ErrorOutlineRoundedIcon from "@mui/icons-material/ErrorOutlineRounded";
import SmartToyOutlinedIcon from "@mui/icons-material/SmartToyOutlined";
import Box from "@mui/material/Box";
import Skeleton from "@mui/material/Skeleton";
import { useTranslation } from "react-i18next";
import type { GptSystemSummary } from "../queries/chatTypes";
import { AgentCard } from "./AgentCard";
import { DirectoryNotice } from "./DirectoryNotice";
import "../../app/i18n/agentStrings";

const gridSx = {
  display: "grid",
  gap: 2,
  gridTemplateColumns: "repeat(auto-fill, minmax(260px, 1fr))",
} as const;

export interface AgentDirectoryGridProps {
  agents: GptSystemSummary[] | undefined;
  isError: boolean;
  /** The list's accessible name; the page title by default. */
  label?: string;
  /** What an empty list says; 'No agents are available yet.' by default. */
  emptyText?: string;
}

/**
 * The directory's cards, or its loading, error and empty states. A filter without matches is the page's
 * to say (in its status); the personal sections step aside then.
 */
export function AgentDirectoryGrid({ agents, isError, label, emptyText }: AgentDirectoryGridProps) {
  const { t } = useTranslation();
  if (isError)
    return (
      <DirectoryNotice icon={<ErrorOutlineRoundedIcon />} role="alert">
        {t("agents.loadFailed")}
      </DirectoryNotice>
    );
  if (!agents) {
    return (
      <Box sx={gridSx} role="status" aria-label={t("nav.loadingAgents")}>
        {[0, 1, 2, 3, 4, 5].map((index) => (
          <Skeleton key={index} variant="rounded" height={200} sx={{ borderRadius: 3 }} />
        ))}
      </Box>
    );
  }
  if (agents.length === 0)
    return <DirectoryNotice icon={<SmartToyOutlinedIcon />}>{emptyText ?? t("chat.noAgents")}</DirectoryNotice>;
  return (
    <Box component="ul" aria-label={label ?? t("chat.agentsTitle")} sx={{ ...gridSx, listStyle: "none", p: 0, m: 0 }}>
      {agents.map((agent) => (
        <Box component="li" key={agent.gptSystemId}>
          <AgentCard agent={agent} />
        </Box>
      ))}
    </Box>
  );
}
