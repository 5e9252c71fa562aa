import ErrorOutlineRoundedIcon from "@mui/icons-material/ErrorOutlineRounded";
import InfoOutlinedIcon from "@mui/icons-material/InfoOutlined";
import WarningAmberRoundedIcon from "@mui/icons-material/WarningAmberRounded";
import Box from "@mui/material/Box";
import Skeleton from "@mui/material/Skeleton";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import type { components } from "../../generated/api";
import { useTraceLogs } from "./useTraceLogs";

type Level = components["schemas"]["TraceLogEntry"]["level"];

const LEVELS = {
  info: { Icon: InfoOutlinedIcon, color: "text.secondary", label: "executionDetails.traceLevelInfo" },
  warning: { Icon: WarningAmberRoundedIcon, color: "warning.main", label: "executionDetails.traceLevelWarning" },
  error: { Icon: ErrorOutlineRoundedIcon, color: "error.main", label: "executionDetails.traceLevelError" },
} as const satisfies Record<Level, unknown>;

/**
 * The trace log of one answer: each entry's time since the request arrived, its level and its message.
 * An answer still coming has none yet: its trace is stored with its end.
 */
export function TraceLogList({
  conversationId,
  segmentId,
  answerUnfinished,
}: {
  conversationId: string;
  segmentId: string;
  answerUnfinished: boolean;
}) {
  const { t } = useTranslation();
  const trace = useTraceLogs(conversationId, segmentId, !answerUnfinished);
  const offset = (ms: number) =>
    ms < 1000
      ? t("executionDetails.traceOffsetMs", { value: String(ms) })
      : t("executionDetails.traceOffsetSeconds", { value: (ms / 1000).toFixed(2) });

  let body;
  if (answerUnfinished)
    body = (
      <Typography color="text.secondary" variant="body2">
        {t("executionDetails.traceLogsPending")}
      </Typography>
    );
  else if (trace.isError)
    body = (
      <Typography color="error" variant="body2">
        {t("executionDetails.traceLogsLoadFailed")}
      </Typography>
    );
  else if (!trace.data)
    body = <Skeleton variant="rounded" height={96} aria-label={t("executionDetails.traceLogsLoading")} />;
  else if (trace.data.length === 0)
    body = (
      <Typography color="text.secondary" variant="body2">
        {t("executionDetails.traceLogsEmpty")}
      </Typography>
    );
  else
    body = (
      <Box component="ol" sx={{ m: 0, pl: 0, listStyle: "none", display: "flex", flexDirection: "column", gap: 0.75 }}>
        {trace.data.map((entry, index) => {
          const level = LEVELS[entry.level];
          return (
            <Box component="li" key={index} sx={{ display: "flex", gap: 1, fontSize: 13, alignItems: "flex-start" }}>
              <level.Icon
                role="img"
                aria-label={t(level.label)}
                aria-hidden={false}
                sx={{ fontSize: 16, mt: "2px", flex: "none", color: level.color }}
              />
              <Box
                component="time"
                dateTime={entry.at}
                title={entry.at}
                sx={{ flex: "none", minWidth: 64, color: "text.secondary", fontVariantNumeric: "tabular-nums" }}
              >
                {offset(entry.elapsedMs)}
              </Box>
              <Box sx={{ overflowWrap: "anywhere", color: entry.level === "info" ? "text.primary" : level.color }}>
                {entry.message}
              </Box>
            </Box>
          );
        })}
      </Box>
    );

  return (
    <Box component="section" aria-label={t("executionDetails.traceLogs")}>
      <Typography variant="subtitle2" component="h3" sx={{ mt: 3, mb: 1 }}>
        {t("executionDetails.traceLogs")}
      </Typography>
      {body}
    </Box>
  );
}
