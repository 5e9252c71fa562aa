/** The dashboard's filter (period and agent) as the analytics calls' query parameters. */
import type { components } from "../../../generated/api";

export type ReportingPeriodName = components["schemas"]["AnalyticsPeriod"]["reportingPeriod"];

export interface AnalyticsFilter {
  reportingPeriod: ReportingPeriodName;
  /** `YYYY-MM-DD`, used only with Custom. */
  from: string;
  to: string;
  /** Empty for every agent. */
  gptSystemId: string;
}

export interface AnalyticsQuery {
  reportingPeriod: ReportingPeriodName;
  from?: string;
  to?: string;
  gptSystemId?: string;
}

const DAY_MS = 86_400_000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The last 30 days for every agent; a Custom choice starts from the same days. */
export function defaultAnalyticsFilter(now = new Date()): AnalyticsFilter {
  return {
    reportingPeriod: "Last30Days",
    from: isoDay(new Date(now.getTime() - 29 * DAY_MS)),
    to: isoDay(now),
    gptSystemId: "",
  };
}

export function toAnalyticsQuery(filter: AnalyticsFilter, withAgent = true): AnalyticsQuery {
  return {
    reportingPeriod: filter.reportingPeriod,
    ...(filter.reportingPeriod === "Custom" ? { from: filter.from, to: filter.to } : {}),
    ...(withAgent && filter.gptSystemId ? { gptSystemId: filter.gptSystemId } : {}),
  };
}

/** A Custom period the server would refuse is not sent at all. */
export function isCompleteFilter(filter: AnalyticsFilter): boolean {
  return (
    filter.reportingPeriod !== "Custom" || (Boolean(filter.from) && Boolean(filter.to) && filter.from <= filter.to)
  );
}
