import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Tab from "@mui/material/Tab";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TablePagination from "@mui/material/TablePagination";
import TableRow from "@mui/material/TableRow";
import Tabs from "@mui/material/Tabs";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router-dom";
import { formatUtc } from "../../../app/about/formatUtc";
import { PageContainer } from "../../../app/layout/PageContainer";
import { useDocumentTitle } from "../../../app/layout/useDocumentTitle";
import { type ReportStatusFilter, useModerationReports } from "./moderationApi";
import { moderationPaths } from "./moderationPaths";
import { ReportStatusChip } from "./ReportStatusChip";
import { spacedWords } from "./reportLabels";

const PAGE_SIZE = 25;
const FILTERS: ReportStatusFilter[] = ["Open", "Resolved", "All"];

/** /admin/moderation, 'Admin: Moderation': reports by status, newest first, each opening its report page. */
export function ModerationListPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("moderation.listTitle"));
  const [status, setStatus] = useState<ReportStatusFilter>("Open");
  const [page, setPage] = useState(0);
  const reports = useModerationReports(status, page, PAGE_SIZE);
  const filterLabel = { Open: t("moderation.open"), Resolved: t("moderation.resolved"), All: t("moderation.all") };

  return (
    <PageContainer>
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        {t("moderation.listTitle")}
      </Typography>
      <Tabs
        value={status}
        onChange={(_event, value: ReportStatusFilter) => {
          setStatus(value);
          setPage(0);
        }}
        aria-label={t("moderation.statusFilter")}
        sx={{ mb: 2 }}
      >
        {FILTERS.map((value) => (
          <Tab key={value} value={value} label={filterLabel[value]} />
        ))}
      </Tabs>
      {reports.isError ? (
        <Alert severity="error">{t("moderation.loadFailed")}</Alert>
      ) : (
        <Paper variant="outlined" sx={{ borderRadius: 3, overflow: "hidden" }}>
          <TableContainer>
            <Table size="small" aria-label={t("moderation.listTitle")}>
              <TableHead>
                <TableRow>
                  <TableCell>{t("moderation.columns.submittedAt")}</TableCell>
                  <TableCell>{t("moderation.columns.agent")}</TableCell>
                  <TableCell>{t("moderation.columns.owner")}</TableCell>
                  <TableCell>{t("moderation.columns.reason")}</TableCell>
                  <TableCell>{t("moderation.columns.submittedBy")}</TableCell>
                  <TableCell>{t("moderation.columns.status")}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {reports.data?.rows.map((report) => (
                  <TableRow key={report.moderationReportId} hover>
                    <TableCell sx={{ whiteSpace: "nowrap" }}>
                      <Box
                        component={RouterLink}
                        to={moderationPaths.report(report.moderationReportId)}
                        sx={{ color: "primary.main", fontWeight: 600 }}
                      >
                        {formatUtc(report.submittedAt)}
                      </Box>
                    </TableCell>
                    <TableCell>{report.gptReference.name}</TableCell>
                    <TableCell>{report.systemOwner.displayName}</TableCell>
                    <TableCell>{spacedWords(report.reportReason)}</TableCell>
                    <TableCell>{report.submittedBy.displayName}</TableCell>
                    <TableCell>
                      <ReportStatusChip status={report.reportStatus} />
                    </TableCell>
                  </TableRow>
                ))}
                {reports.data?.rows.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={6} sx={{ py: 6, textAlign: "center", color: "text.secondary" }}>
                      {t("moderation.empty")}
                    </TableCell>
                  </TableRow>
                )}
              </TableBody>
            </Table>
          </TableContainer>
          <TablePagination
            component="div"
            count={reports.data?.total ?? 0}
            page={page}
            onPageChange={(_event, next) => setPage(next)}
            rowsPerPage={PAGE_SIZE}
            rowsPerPageOptions={[PAGE_SIZE]}
          />
        </Paper>
      )}
    </PageContainer>
  );
}
