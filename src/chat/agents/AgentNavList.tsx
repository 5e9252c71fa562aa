import ErrorOutlineRoundedIcon from "@mui/icons-material/ErrorOutlineRounded";
import Box from "@mui/material/Box";
import Skeleton from "@mui/material/Skeleton";
import { alpha } from "@mui/material/styles";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { EmptyListHint } from "../navigation/EmptyListHint";
import type { GptSystemSummary } from "../queries/chatTypes";
import { AgentNavRow } from "./AgentNavRow";

export interface AgentNavListProps {
  label: string;
  query: UseQueryResult<GptSystemSummary[]>;
  emptyIcon: ReactNode;
  emptyText: string;
  announcePins: boolean;
}

/** The Recent or Pinned agent list with its loading, error and empty states. */
export function AgentNavList({ label, query, emptyIcon, emptyText, announcePins }: AgentNavListProps) {
  const { t } = useTranslation();
  if (query.isPending) {
    return (
      <Box role="status" aria-label={t("nav.loadingAgents")}>
        {[0, 1, 2].map((index) => (
          <Box key={index} sx={{ display: "flex", alignItems: "center", gap: 1.25, px: 1, height: 44 }}>
            <Skeleton
              variant="circular"
              width={28}
              height={28}
              sx={(theme) => ({ bgcolor: alpha(theme.palette.menu.textPrimary, 0.08) })}
            />
            <Skeleton
              variant="rounded"
              width="60%"
              height={14}
              sx={(theme) => ({ bgcolor: alpha(theme.palette.menu.textPrimary, 0.08) })}
            />
          </Box>
        ))}
      </Box>
    );
  }
  if (query.isError) {
    return (
      <EmptyListHint icon={<ErrorOutlineRoundedIcon />} role="alert">
        {t("nav.agentsError")}
      </EmptyListHint>
    );
  }
  if (query.data.length === 0) return <EmptyListHint icon={emptyIcon}>{emptyText}</EmptyListHint>;
  return (
    <Box
      role="list"
      aria-label={label}
      sx={{ flex: 1, minHeight: 0, overflowY: "auto", overscrollBehavior: "contain", mx: -1, px: 1 }}
    >
      {query.data.map((agent) => (
        <AgentNavRow key={agent.gptSystemId} agent={agent} announcePins={announcePins} />
      ))}
    </Box>
  );
}
