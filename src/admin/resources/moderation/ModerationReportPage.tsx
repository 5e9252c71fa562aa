import ArrowBackRoundedIcon from "@mui/icons-material/ArrowBackRounded";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useNavigate, useParams } from "react-router-dom";
import { PageContainer } from "../../../app/layout/PageContainer";
import { useDocumentTitle } from "../../../app/layout/useDocumentTitle";
import type { components } from "../../../generated/api";
import { DecisionForm } from "./DecisionForm";
import { DecisionReadOnly } from "./DecisionReadOnly";
import { useModerationReport } from "./moderationApi";
import { moderationPaths } from "./moderationPaths";
import { ReportContext } from "./ReportContext";
import { ReportSummary } from "./ReportSummary";

type Warning = components["schemas"]["ModerationWarning"];

/**
 * /admin/moderation/report/{moderationReportId}/view, 'Admin: Moderation
 * Report': the report, its conversation context, and the decision form (Open)
 * or the decision (Resolved). After a decision the moderator returns to the
 * list, unless the server sent warnings: those stay above the form (spec §8).
 */
export function ModerationReportPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("moderation.reportTitle"));
  const { moderationReportId = "" } = useParams();
  const navigate = useNavigate();
  const report = useModerationReport(moderationReportId);
  const [warnings, setWarnings] = useState<Warning[]>([]);

  return (
    <PageContainer>
      <Button
        component={RouterLink}
        to={moderationPaths.list}
        startIcon={<ArrowBackRoundedIcon />}
        sx={{ mb: 1, ml: -1 }}
      >
        {t("moderation.back")}
      </Button>
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        {t("moderation.reportTitle")}
      </Typography>
      {report.isPending && <CircularProgress aria-label={t("app.loadingName")} />}
      {report.isError && <Alert severity="error">{t("moderation.reportLoadFailed")}</Alert>}
      {report.data && (
        <Box
          sx={{
            display: "grid",
            gap: 3,
            gridTemplateColumns: { xs: "1fr", lg: "minmax(0, 1fr) minmax(0, 1fr)" },
            alignItems: "start",
          }}
        >
          <Stack spacing={3}>
            <ReportSummary report={report.data} />
            {warnings.length > 0 && (
              <Alert severity="warning" role="status">
                {warnings.map((w) => (
                  <div key={`${w.property}:${w.message}`}>{`${w.property}: ${w.message}`}</div>
                ))}
              </Alert>
            )}
            {report.data.moderationDecision ? (
              <DecisionReadOnly decision={report.data.moderationDecision} />
            ) : (
              <DecisionForm
                report={report.data}
                onDecided={(result) => {
                  if (result.warnings.length > 0) setWarnings(result.warnings);
                  else void navigate(moderationPaths.list);
                }}
              />
            )}
          </Stack>
          <ReportContext moderationReportId={moderationReportId} />
        </Box>
      )}
    </PageContainer>
  );
}
