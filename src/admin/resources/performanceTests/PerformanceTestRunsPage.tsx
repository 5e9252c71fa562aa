import PlayArrowOutlined from "@mui/icons-material/PlayArrowOutlined";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useSearchParams } from "react-router-dom";
import { ApiError } from "../../../app/api/errors";
import { asProblem } from "../../../app/api/problem";
import { PageContainer } from "../../../app/layout/PageContainer";
import { useDocumentTitle } from "../../../app/layout/useDocumentTitle";
import { useToast } from "../../../app/toast/useToast";
import { formatDuration } from "../analytics/formatFigures";
import { RunHistoryTable } from "./RunHistoryTable";
import { formatRate, RunResultsTable } from "./RunResultsTable";
import { usePerformanceTestRuns, usePerformanceTests, useStartPerformanceTestRun } from "./usePerformanceTests";

const TESTS_PATH = "/admin/performanceTest";

/**
 * Runs a saved performance test against its agent and shows each prompt's
 * time to first token, total time and tokens per second, with the test's
 * history of runs (`?performanceTestId=` picks the test).
 */
export default function PerformanceTestRunsPage() {
  const { t } = useTranslation();
  const toast = useToast();
  useDocumentTitle(t("admin.performanceTests.title"));
  const [search, setSearch] = useSearchParams();
  const tests = usePerformanceTests();
  const testId = search.get("performanceTestId") ?? tests.data?.[0]?.performanceTestId;
  const test = tests.data?.find((candidate) => candidate.performanceTestId === testId);
  const runs = usePerformanceTestRuns(test?.performanceTestId);
  const start = useStartPerformanceTestRun(test?.performanceTestId);
  const [pickedRunId, setPickedRunId] = useState<string>();
  const run = runs.data?.find((candidate) => candidate.runId === pickedRunId) ?? runs.data?.[0];
  const running = runs.data?.some((candidate) => candidate.status === "Running") ?? false;

  const runNow = () =>
    start.mutate(undefined, {
      onSuccess: (started) => setPickedRunId(started.runId),
      onError: (error) => {
        const detail = error instanceof ApiError ? asProblem(error.data)?.detail : undefined;
        toast(detail ?? t("admin.performanceTests.startFailed"), "error");
      },
    });

  return (
    <PageContainer>
      <Stack direction={{ xs: "column", md: "row" }} spacing={2} sx={{ justifyContent: "space-between", mb: 3 }}>
        <Typography variant="h4" component="h1">
          {t("admin.performanceTests.title")}
        </Typography>
        <Stack direction="row" spacing={1.5}>
          <Button component={RouterLink} to={TESTS_PATH} variant="outlined">
            {t("admin.performanceTests.manage")}
          </Button>
          <Button component={RouterLink} to={`${TESTS_PATH}/new`} variant="outlined">
            {t("admin.performanceTests.create")}
          </Button>
        </Stack>
      </Stack>
      {tests.isError && <Alert severity="error">{t("admin.performanceTests.loadFailed")}</Alert>}
      {tests.data?.length === 0 && <Alert severity="info">{t("admin.performanceTests.none")}</Alert>}
      {test && (
        <Stack spacing={3}>
          <Stack direction={{ xs: "column", sm: "row" }} spacing={1.5} sx={{ alignItems: { sm: "center" } }}>
            <TextField
              select
              size="small"
              label={t("admin.performanceTests.test")}
              value={test.performanceTestId}
              onChange={(event) => {
                setPickedRunId(undefined);
                setSearch({ performanceTestId: event.target.value });
              }}
              sx={{ minWidth: 260 }}
            >
              {tests.data?.map((candidate) => (
                <MenuItem key={candidate.performanceTestId} value={candidate.performanceTestId}>
                  {candidate.name}
                </MenuItem>
              ))}
            </TextField>
            <Typography color="text.secondary" sx={{ flex: 1 }}>
              {t("admin.performanceTests.summary", { agent: test.gptSystemName, count: test.prompts.length })}
            </Typography>
            <Button component={RouterLink} to={`${TESTS_PATH}/${test.performanceTestId}/edit`}>
              {t("admin.performanceTests.edit")}
            </Button>
            <Button
              variant="contained"
              startIcon={<PlayArrowOutlined />}
              onClick={runNow}
              disabled={running || start.isPending}
            >
              {running ? t("admin.performanceTests.running") : t("admin.performanceTests.runNow")}
            </Button>
          </Stack>
          {run ? (
            <Paper variant="outlined" sx={{ p: 2 }}>
              <Typography id="performance-run-results" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
                {t("admin.performanceTests.results")}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {t("admin.performanceTests.averages", {
                  firstToken: formatDuration(run.averageTimeToFirstTokenMs),
                  total: formatDuration(run.averageTotalMs),
                  rate: formatRate(run.averageTokensPerSecond),
                  deployment: run.deploymentName,
                })}
              </Typography>
              <RunResultsTable results={run.results} labelledBy="performance-run-results" />
            </Paper>
          ) : (
            runs.data && <Alert severity="info">{t("admin.performanceTests.noRuns")}</Alert>
          )}
          {runs.data && runs.data.length > 0 && (
            <Paper variant="outlined" sx={{ p: 2 }}>
              <Typography id="performance-run-history" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
                {t("admin.performanceTests.history")}
              </Typography>
              <Box sx={{ mt: 1 }}>
                <RunHistoryTable
                  runs={runs.data}
                  selectedRunId={run?.runId}
                  onSelect={setPickedRunId}
                  labelledBy="performance-run-history"
                />
              </Box>
            </Paper>
          )}
        </Stack>
      )}
    </PageContainer>
  );
}
