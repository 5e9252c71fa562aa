import { format } from "date-fns";

/** Spec §9: dates are 'dd MMM yyyy' in UTC (with the time where one is meaningful). */
export function formatUtc(value: string | Date, pattern = "dd MMM yyyy HH:mm 'UTC'"): string {
  const date = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return String(value);
  // date-fns formats in local time: shift by the offset so that the UTC fields are printed.
  return format(new Date(date.getTime() + date.getTimezoneOffset() * 60_000), pattern);
}
