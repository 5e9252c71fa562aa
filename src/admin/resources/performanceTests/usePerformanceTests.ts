/** Performance tests and their runs through the typed client; a run in progress is polled every second. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../app/api/client";

const RUN_POLL_MS = 1000;
const keys = {
  tests: ["admin", "performanceTests"] as const,
  runs: (performanceTestId: string) => ["admin", "performanceTests", performanceTestId, "runs"] as const,
};

export function usePerformanceTests() {
  return useQuery({
    queryKey: keys.tests,
    queryFn: () =>
      unwrap(
        api.GET("/admin/performanceTests", {
          params: { query: { sort: JSON.stringify(["name", "ASC"]), range: JSON.stringify([0, 999]) } },
        }),
      ),
  });
}

/** The test's latest 20 runs, newest first, refreshed while one of them is Running. */
export function usePerformanceTestRuns(performanceTestId: string | undefined) {
  return useQuery({
    queryKey: keys.runs(performanceTestId ?? ""),
    queryFn: () =>
      unwrap(
        api.GET("/admin/performanceTests/{performanceTestId}/runs", {
          params: { path: { performanceTestId: performanceTestId! }, query: { range: JSON.stringify([0, 19]) } },
        }),
      ),
    enabled: Boolean(performanceTestId),
    refetchInterval: (query) => (query.state.data?.some((run) => run.status === "Running") ? RUN_POLL_MS : false),
  });
}

export function useStartPerformanceTestRun(performanceTestId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      unwrap(
        api.POST("/admin/performanceTests/{performanceTestId}/runs", {
          params: { path: { performanceTestId: performanceTestId! } },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.runs(performanceTestId ?? "") }),
  });
}
