/** The dashboard's three figure calls through the typed client, cached per filter. */
import { useQuery } from "@tanstack/react-query";
import { api, unwrap } from "../../../app/api/client";
import { isCompleteFilter, toAnalyticsQuery, type AnalyticsFilter } from "./analyticsQuery";

const key = (name: string, filter: AnalyticsFilter) => ["admin", "analytics", name, filter] as const;

export function useAnalyticsSummary(filter: AnalyticsFilter) {
  return useQuery({
    queryKey: key("summary", filter),
    queryFn: () =>
      unwrap(api.GET("/admin/analytics/conversations/summary", { params: { query: toAnalyticsQuery(filter) } })),
    enabled: isCompleteFilter(filter),
  });
}

export function useAnalyticsPerDay(filter: AnalyticsFilter) {
  return useQuery({
    queryKey: key("perDay", filter),
    queryFn: () =>
      unwrap(api.GET("/admin/analytics/conversations/perDay", { params: { query: toAnalyticsQuery(filter) } })),
    enabled: isCompleteFilter(filter),
  });
}

/** Every agent's figures; the agent filter does not narrow it (it lists the agents to pick from). */
export function useAnalyticsPerAgent(filter: AnalyticsFilter) {
  const periodOnly = { ...filter, gptSystemId: "" };
  return useQuery({
    queryKey: key("perAgent", periodOnly),
    queryFn: () =>
      unwrap(
        api.GET("/admin/analytics/conversations/perAgent", { params: { query: toAnalyticsQuery(periodOnly, false) } }),
      ),
    enabled: isCompleteFilter(filter),
  });
}
