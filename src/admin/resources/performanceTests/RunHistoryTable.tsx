import Chip from "@mui/material/Chip";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import { useTranslation } from "react-i18next";
import type { components } from "../../../generated/api";
import { formatDuration } from "../analytics/formatFigures";
import { formatRate } from "./RunResultsTable";

type Run = components["schemas"]["PerformanceTestRun"];

const STATUS_COLOR = { Running: "info", Complete: "success", Failed: "error" } as const;
// Spec §9: dates are 'dd MMM yyyy' in UTC, with the time where it matters.
const startedAt = new Intl.DateTimeFormat("en-GB", {
  day: "2-digit",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  timeZone: "UTC",
});

/** The test's runs, newest first; picking one shows its results. */
export function RunHistoryTable({
  runs,
  selectedRunId,
  onSelect,
  labelledBy,
}: {
  runs: readonly Run[];
  selectedRunId: string | undefined;
  onSelect: (runId: string) => void;
  labelledBy: string;
}) {
  const { t } = useTranslation();
  return (
    <TableContainer>
      <Table size="small" aria-labelledby={labelledBy}>
        <TableHead>
          <TableRow>
            <TableCell>{t("admin.performanceTests.startedAt")}</TableCell>
            <TableCell>{t("admin.performanceTests.startedBy")}</TableCell>
            <TableCell>{t("admin.performanceTests.status")}</TableCell>
            <TableCell align="right">{t("admin.performanceTests.timeToFirstToken")}</TableCell>
            <TableCell align="right">{t("admin.performanceTests.totalTime")}</TableCell>
            <TableCell align="right">{t("admin.performanceTests.tokensPerSecond")}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {runs.map((run) => (
            <TableRow
              key={run.runId}
              hover
              selected={run.runId === selectedRunId}
              onClick={() => onSelect(run.runId)}
              sx={{ cursor: "pointer" }}
            >
              <TableCell>{`${startedAt.format(new Date(run.startedAt))} UTC`}</TableCell>
              <TableCell>{run.startedByDisplayName}</TableCell>
              <TableCell>
                <Chip
                  size="small"
                  label={t(`admin.performanceTests.statuses.${run.status}`)}
                  color={STATUS_COLOR[run.status]}
                />
              </TableCell>
              <TableCell align="right">{formatDuration(run.averageTimeToFirstTokenMs)}</TableCell>
              <TableCell align="right">{formatDuration(run.averageTotalMs)}</TableCell>
              <TableCell align="right">{formatRate(run.averageTokensPerSecond)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
