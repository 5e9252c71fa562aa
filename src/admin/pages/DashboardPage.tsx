import SpeedOutlined from "@mui/icons-material/SpeedOutlined";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router-dom";
import { PageContainer } from "../../app/layout/PageContainer";
import { useDocumentTitle } from "../../app/layout/useDocumentTitle";
import { useSignedInUser } from "../../app/layout/useSignedInUser";
import { AgentTable } from "../resources/analytics/AgentTable";
import { AnalyticsFilterBar, type AgentOption } from "../resources/analytics/AnalyticsFilterBar";
import { defaultAnalyticsFilter, type AnalyticsFilter } from "../resources/analytics/analyticsQuery";
import { DailyChart } from "../resources/analytics/DailyChart";
import { ExportCsvButton } from "../resources/analytics/ExportCsvButton";
import { SummaryCards } from "../resources/analytics/SummaryCards";
import { useAnalyticsPerAgent, useAnalyticsPerDay, useAnalyticsSummary } from "../resources/analytics/useAnalytics";

/**
 * The admin index (spec §2 "index: dashboard"): conversation analytics over a
 * reporting period, for every agent or one, as cards, daily charts and a
 * per-agent table, with the CSV export (analytics-export.csv).
 */
export function DashboardPage() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  useDocumentTitle(t("admin.dashboard"));
  const [filter, setFilter] = useState<AnalyticsFilter>(() => defaultAnalyticsFilter());
  const summary = useAnalyticsSummary(filter);
  const perDay = useAnalyticsPerDay(filter);
  const perAgent = useAnalyticsPerAgent(filter);

  // The agents of the period, plus the one picked even when it had nothing in this period.
  const agentOptions = useMemo<AgentOption[]>(() => {
    const options = (perAgent.data?.agents ?? []).map(({ gptSystemId, name }) => ({ gptSystemId, name }));
    if (filter.gptSystemId && !options.some((o) => o.gptSystemId === filter.gptSystemId))
      options.push({ gptSystemId: filter.gptSystemId, name: t("admin.analytics.selectedAgent") });
    return options.sort((a, b) => a.name.localeCompare(b.name));
  }, [perAgent.data, filter.gptSystemId, t]);

  const failed = summary.isError || perDay.isError || perAgent.isError;
  const days = perDay.data?.days ?? [];

  return (
    <PageContainer>
      <Stack direction={{ xs: "column", md: "row" }} spacing={2} sx={{ justifyContent: "space-between", mb: 3 }}>
        <Box>
          <Typography variant="h4" component="h1">
            {t("admin.dashboard")}
          </Typography>
          {user && (
            <Typography color="text.secondary" sx={{ mt: 1 }}>
              {t("admin.signedInAs", { name: user.displayName })}
            </Typography>
          )}
        </Box>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: "flex-start" }}>
          <Button
            component={RouterLink}
            to="/admin/performanceTest/runs"
            variant="outlined"
            startIcon={<SpeedOutlined />}
          >
            {t("admin.analytics.performanceTests")}
          </Button>
          <ExportCsvButton filter={filter} />
        </Stack>
      </Stack>
      <Stack spacing={3}>
        <AnalyticsFilterBar filter={filter} agents={agentOptions} onChange={setFilter} />
        {failed && <Alert severity="error">{t("admin.analytics.loadFailed")}</Alert>}
        {summary.data?.hipaaMode && <Alert severity="info">{t("admin.analytics.hipaaNotice")}</Alert>}
        <SummaryCards totals={summary.data?.totals} />
        <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", lg: "1fr 1fr" } }}>
          <DailyChart
            title={t("admin.analytics.charts.activity")}
            days={days}
            series={[
              { key: "conversations", label: t("admin.analytics.cards.conversations"), color: "secondary" },
              { key: "segments", label: t("admin.analytics.cards.segments"), color: "primary" },
            ]}
          />
          <DailyChart
            title={t("admin.analytics.charts.tokens")}
            days={days}
            stacked
            series={[
              { key: "inputTokens", label: t("admin.analytics.cards.inputTokens"), color: "info" },
              { key: "outputTokens", label: t("admin.analytics.cards.outputTokens"), color: "success" },
            ]}
          />
        </Box>
        <AgentTable agents={perAgent.data?.agents ?? []} />
      </Stack>
    </PageContainer>
  );
}
