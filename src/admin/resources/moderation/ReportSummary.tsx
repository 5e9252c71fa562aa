import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { formatUtc } from "../../../app/about/formatUtc";
import type { ModerationReport } from "./moderationApi";
import { ReportStatusChip } from "./ReportStatusChip";
import { spacedWords } from "./reportLabels";

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 500 }}>
        {children}
      </Typography>
    </Box>
  );
}

/** What was reported, about which agent and creator, and how often (spec §3 report fields). */
export function ReportSummary({ report }: { report: ModerationReport }) {
  const { t } = useTranslation();
  const settings = report.personalAgentSettings;
  const creatorState = [
    settings.isBannedFromCreatingAgents && t("moderation.blockedFromCreating"),
    settings.isBannedFromSharingAgents && t("moderation.blockedFromSharing"),
  ].filter(Boolean);
  return (
    <Paper variant="outlined" sx={{ p: 3, borderRadius: 3 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: "center", mb: 2 }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          {spacedWords(report.reportReason)}
        </Typography>
        <ReportStatusChip status={report.reportStatus} />
      </Stack>
      <Box component="dl" sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" }, gap: 2, m: 0 }}>
        <Field label={t("moderation.columns.agent")}>
          {report.gptReference.name}{" "}
          {report.gptReference.moderationStatus === "Banned" && (
            <Chip size="small" color="error" label={t("moderation.bannedAgent")} sx={{ ml: 0.5 }} />
          )}
        </Field>
        <Field label={t("moderation.columns.owner")}>
          {report.systemOwner.displayName}
          <Typography component="span" variant="body2" color="text.secondary" sx={{ display: "block" }}>
            {creatorState.length > 0 ? creatorState.join(" · ") : t("moderation.canCreateAndShare")}
          </Typography>
        </Field>
        <Field label={t("moderation.columns.submittedBy")}>{report.submittedBy.displayName}</Field>
        <Field label={t("moderation.columns.submittedAt")}>{formatUtc(report.submittedAt)}</Field>
        <Field label={t("moderation.agentReports")}>{report.reportMetrics.agentReportCount}</Field>
        <Field label={t("moderation.ownerReports")}>{report.reportMetrics.ownerReportCount}</Field>
        <Field label={t("moderation.ownerAgents")}>{report.reportMetrics.ownerAgentCount}</Field>
      </Box>
      <Box sx={{ mt: 2 }}>
        <Typography variant="caption" color="text.secondary" component="h3">
          {t("moderation.details")}
        </Typography>
        <Typography sx={{ whiteSpace: "pre-wrap" }} color={report.details ? "text.primary" : "text.secondary"}>
          {report.details || t("moderation.noDetails")}
        </Typography>
      </Box>
    </Paper>
  );
}
