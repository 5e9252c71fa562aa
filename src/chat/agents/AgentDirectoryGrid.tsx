import ErrorOutlineRoundedIcon from "@mui/icons-material/ErrorOutlineRounded";
import SearchOffRoundedIcon from "@mui/icons-material/SearchOffRounded";
import SmartToyOutlinedIcon from "@mui/icons-material/SmartToyOutlined";
import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Skeleton from "@mui/material/Skeleton";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { GptSystemSummary } from "../queries/chatTypes";
import { AgentCard } from "./AgentCard";
import "../../app/i18n/agentStrings";

const gridSx = {
  display: "grid",
  gap: 2,
  gridTemplateColumns: "repeat(auto-fill, minmax(260px, 1fr))",
} as const;

function Notice({ icon, children, role }: { icon: ReactNode; children: ReactNode; role?: "alert" }) {
  return (
    <Paper variant="outlined" role={role} sx={{ borderStyle: "dashed", borderRadius: 4, py: 8, px: 3 }}>
      <Box sx={{ display: "flex", flexDirection: "column", alignItems: "center", gap: 1.5, textAlign: "center" }}>
        <Box aria-hidden sx={{ color: "text.secondary", display: "flex", "& svg": { fontSize: 48 } }}>
          {icon}
        </Box>
        <Typography color="text.secondary">{children}</Typography>
      </Box>
    </Paper>
  );
}

export interface AgentDirectoryGridProps {
  agents: GptSystemSummary[] | undefined;
  isError: boolean;
  filter: string;
  /** The list's accessible name; the page title by default. */
  label?: string;
  /** What an empty list says; 'No agents are available yet.' by default. */
  emptyText?: string;
}

/** The directory's cards, or its loading, error, empty and no-match states. */
export function AgentDirectoryGrid({ agents, isError, filter, label, emptyText }: AgentDirectoryGridProps) {
  const { t } = useTranslation();
  if (isError)
    return (
      <Notice icon={<ErrorOutlineRoundedIcon />} role="alert">
        {t("agents.loadFailed")}
      </Notice>
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
  if (agents.length === 0) {
    return filter.trim() ? (
      <Notice icon={<SearchOffRoundedIcon />}>{t("agents.noMatch", { filter: filter.trim() })}</Notice>
    ) : (
      <Notice icon={<SmartToyOutlinedIcon />}>{emptyText ?? t("chat.noAgents")}</Notice>
    );
  }
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
