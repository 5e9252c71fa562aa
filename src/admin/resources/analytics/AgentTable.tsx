import Paper from "@mui/material/Paper";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import type enAdmin from "../../../app/i18n/enAdmin.json";
import type { components } from "../../../generated/api";
import { formatCount, formatDuration } from "./formatFigures";

type Agent = components["schemas"]["AnalyticsAgent"];
type Figures = Agent["figures"];

type Column = keyof typeof enAdmin.admin.analytics.columns;
const COLUMNS: [Column, (f: Figures) => string][] = [
  ["conversations", (f) => formatCount(f.conversations)],
  ["segments", (f) => formatCount(f.segments)],
  ["activeUsers", (f) => formatCount(f.activeUsers)],
  ["inputTokens", (f) => formatCount(f.inputTokens)],
  ["outputTokens", (f) => formatCount(f.outputTokens)],
  ["feedbackPositive", (f) => formatCount(f.feedbackPositive)],
  ["feedbackNegative", (f) => formatCount(f.feedbackNegative)],
  ["timeToFirstToken", (f) => formatDuration(f.averageTimeToFirstTokenMs)],
  ["duration", (f) => formatDuration(f.averageDurationMs)],
];

/** The period's figures per agent, busiest first (as the server orders them). */
export function AgentTable({ agents }: { agents: readonly Agent[] }) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ minWidth: 0 }}>
      <Typography variant="subtitle1" component="h2" id="analytics-per-agent" sx={{ fontWeight: 600, px: 2, pt: 2 }}>
        {t("admin.analytics.perAgent")}
      </Typography>
      <TableContainer>
        <Table size="small" aria-labelledby="analytics-per-agent">
          <TableHead>
            <TableRow>
              <TableCell>{t("admin.analytics.columns.agent")}</TableCell>
              {COLUMNS.map(([name]) => (
                <TableCell key={name} align="right">
                  {t(`admin.analytics.columns.${name}`)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {agents.length === 0 && (
              <TableRow>
                <TableCell colSpan={COLUMNS.length + 1}>
                  <Typography color="text.secondary" variant="body2">
                    {t("admin.analytics.noConversations")}
                  </Typography>
                </TableCell>
              </TableRow>
            )}
            {agents.map((agent) => (
              <TableRow key={agent.gptSystemId}>
                <TableCell component="th" scope="row">
                  {agent.name}
                </TableCell>
                {COLUMNS.map(([name, value]) => (
                  <TableCell key={name} align="right" sx={{ whiteSpace: "nowrap" }}>
                    {value(agent.figures)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}
