/** The adminModeration calls as React Query hooks (typed by the generated contract). */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../app/api/client";
import type { components } from "../../../generated/api";

type Schemas = components["schemas"];
export type ModerationReport = Schemas["AdminModerationReport"];
export type ModerationDecisionRequest = Schemas["SubmitModerationDecisionRequest"];
export type ReportStatusFilter = "Open" | "Resolved" | "All";

export const moderationKeys = {
  all: ["adminModeration"] as const,
  list: (status: ReportStatusFilter, page: number, pageSize: number) =>
    ["adminModeration", "list", status, page, pageSize] as const,
  openCount: ["adminModeration", "openCount"] as const,
  report: (id: string) => ["adminModeration", "report", id] as const,
  context: (id: string) => ["adminModeration", "context", id] as const,
};

/** `moderation 0-24/310` → 310 (ra-data-simple-rest's Content-Range). */
export function totalOfContentRange(header: string | null): number {
  const total = Number(header?.split("/")[1]);
  return Number.isFinite(total) ? total : 0;
}

async function fetchReports(status: ReportStatusFilter, first: number, last: number) {
  const filter = status === "All" ? {} : { reportStatus: status };
  const result = await api.GET("/admin/moderation/reports", {
    params: {
      query: {
        sort: JSON.stringify(["submittedAt", "DESC"]),
        range: JSON.stringify([first, last]),
        filter: JSON.stringify(filter),
      },
    },
  });
  const rows = await unwrap(Promise.resolve(result));
  return { rows, total: totalOfContentRange(result.response.headers.get("Content-Range")) };
}

export function useModerationReports(status: ReportStatusFilter, page: number, pageSize: number) {
  return useQuery({
    queryKey: moderationKeys.list(status, page, pageSize),
    queryFn: () => fetchReports(status, page * pageSize, page * pageSize + pageSize - 1),
    placeholderData: keepPreviousData,
  });
}

/** Spec §4: the moderation badge counts the Open reports. */
export function useOpenReportCount(enabled: boolean) {
  return useQuery({
    queryKey: moderationKeys.openCount,
    queryFn: async () => (await fetchReports("Open", 0, 0)).total,
    enabled,
    refetchInterval: 60_000,
  });
}

export function useModerationReport(moderationReportId: string) {
  return useQuery({
    queryKey: moderationKeys.report(moderationReportId),
    queryFn: () =>
      unwrap(api.GET("/admin/moderation/reports/{moderationReportId}", { params: { path: { moderationReportId } } })),
    retry: false,
  });
}

export function useModerationReportContext(moderationReportId: string) {
  return useQuery({
    queryKey: moderationKeys.context(moderationReportId),
    queryFn: () =>
      unwrap(
        api.GET("/admin/moderation/reports/{moderationReportId}/context", { params: { path: { moderationReportId } } }),
      ),
    retry: false,
  });
}

export function useSubmitDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ModerationDecisionRequest) => unwrap(api.POST("/admin/moderation/decision", { body })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: moderationKeys.all }),
  });
}
