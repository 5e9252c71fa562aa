/**
 * The reporting period of the analytics calls: the last 7, 30 or 90 UTC days
 * including today, or a Custom range of UTC days, both ends inclusive.
 */
import type { components } from "../../../generated/api";
import { problem, type FieldErrors } from "../../http/problem";

export type ReportingPeriodName = components["schemas"]["AnalyticsPeriod"]["reportingPeriod"];

export interface ReportingPeriod {
  reportingPeriod: ReportingPeriodName;
  /** First and last day, `YYYY-MM-DD` (UTC). */
  from: string;
  to: string;
  days: number;
  /** The first instant of `from` and the first instant after `to`. */
  start: Date;
  end: Date;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** A year and a day: a leap year fits in one Custom report. */
export const MAX_CUSTOM_DAYS = 366;
const LAST_DAYS: Record<Exclude<ReportingPeriodName, "Custom">, number> = {
  Last7Days: 7,
  Last30Days: 30,
  Last90Days: 90,
};
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export const isoDay = (date: Date): string => date.toISOString().slice(0, 10);
const startOfUtcDay = (date: Date) => new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));

function parseDay(value: string | undefined, field: string, errors: FieldErrors): Date | undefined {
  if (value === undefined || value === "") {
    errors[field] = ["is required when reportingPeriod is Custom"];
    return undefined;
  }
  const date = new Date(`${value}T00:00:00Z`);
  if (!DATE.test(value) || Number.isNaN(date.getTime()) || isoDay(date) !== value) {
    errors[field] = ["must be a date (YYYY-MM-DD)"];
    return undefined;
  }
  return date;
}

function period(name: ReportingPeriodName, start: Date, lastDay: Date): ReportingPeriod {
  const days = Math.round((lastDay.getTime() - start.getTime()) / DAY_MS) + 1;
  return {
    reportingPeriod: name,
    from: isoDay(start),
    to: isoDay(lastDay),
    days,
    start,
    end: new Date(lastDay.getTime() + DAY_MS),
  };
}

/** Reads `reportingPeriod`, `from` and `to`; mistakes answer 400 keyed by parameter. */
export function resolvePeriod(
  query: { reportingPeriod: ReportingPeriodName; from?: string; to?: string },
  now: Date,
): ReportingPeriod {
  const errors: FieldErrors = {};
  if (query.reportingPeriod !== "Custom") {
    for (const field of ["from", "to"] as const)
      if (query[field] !== undefined) errors[field] = ["is only allowed when reportingPeriod is Custom"];
    if (Object.keys(errors).length > 0) throw problem(400, "Bad Request", "The request is not valid.", errors);
    const today = startOfUtcDay(now);
    return period(
      query.reportingPeriod,
      new Date(today.getTime() - (LAST_DAYS[query.reportingPeriod] - 1) * DAY_MS),
      today,
    );
  }
  const from = parseDay(query.from, "from", errors);
  const to = parseDay(query.to, "to", errors);
  if (from && to && to < from) errors.to = ["must not be before from"];
  else if (from && to && (to.getTime() - from.getTime()) / DAY_MS + 1 > MAX_CUSTOM_DAYS)
    errors.to = [`must be at most ${MAX_CUSTOM_DAYS} days after from (both included)`];
  if (Object.keys(errors).length > 0 || !from || !to)
    throw problem(400, "Bad Request", "The request is not valid.", errors);
  return period("Custom", from, to);
}

/** Every day of the period, oldest first. */
export function daysOf(p: Pick<ReportingPeriod, "start" | "days">): string[] {
  return Array.from({ length: p.days }, (_, i) => isoDay(new Date(p.start.getTime() + i * DAY_MS)));
}
