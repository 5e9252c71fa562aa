import Chip from "@mui/material/Chip";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import type { components } from "../../../generated/api";
import { formatDuration } from "../analytics/formatFigures";

type Result = components["schemas"]["PerformanceTestResult"];

const STATUS_COLOR = { Pending: "default", Running: "info", Complete: "success", Failed: "error" } as const;

export const formatRate = (value: number | null) => (value === null ? "—" : value.toFixed(2));

/** One run's measurements, one row per prompt. */
export function RunResultsTable({ results, labelledBy }: { results: readonly Result[]; labelledBy: string }) {
  const { t } = useTranslation();
  return (
    <TableContainer>
      <Table size="small" aria-labelledby={labelledBy}>
        <TableHead>
          <TableRow>
            <TableCell>{t("admin.performanceTests.prompt")}</TableCell>
            <TableCell>{t("admin.performanceTests.status")}</TableCell>
            <TableCell align="right">{t("admin.performanceTests.timeToFirstToken")}</TableCell>
            <TableCell align="right">{t("admin.performanceTests.totalTime")}</TableCell>
            <TableCell align="right">{t("admin.performanceTests.outputTokens")}</TableCell>
            <TableCell align="right">{t("admin.performanceTests.tokensPerSecond")}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {results.map((result) => (
            <TableRow key={result.position}>
              <TableCell sx={{ maxWidth: 360 }}>
                <Typography variant="body2" noWrap title={result.prompt}>
                  {result.prompt}
                </Typography>
                {result.errorText && (
                  <Typography variant="caption" color="error">
                    {result.errorText}
                  </Typography>
                )}
              </TableCell>
              <TableCell>
                <Chip
                  size="small"
                  label={t(`admin.performanceTests.statuses.${result.status}`)}
                  color={STATUS_COLOR[result.status]}
                />
              </TableCell>
              <TableCell align="right">{formatDuration(result.timeToFirstTokenMs)}</TableCell>
              <TableCell align="right">{formatDuration(result.totalMs)}</TableCell>
              <TableCell align="right">{result.outputTokens ?? "—"}</TableCell>
              <TableCell align="right">{formatRate(result.tokensPerSecond)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
