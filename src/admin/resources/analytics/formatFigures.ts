/** How the dashboard writes its figures (en-US grouping; durations in ms or s). */
const integer = new Intl.NumberFormat("en-US");

export const formatCount = (value: number): string => integer.format(value);

/** 850 ms, 1.2 s, 12 s; an em dash when there is nothing to average. */
export function formatDuration(ms: number | null): string {
  if (ms === null) return "—";
  if (ms < 1000) return `${ms} ms`;
  const seconds = ms / 1000;
  return `${seconds < 10 ? seconds.toFixed(1) : Math.round(seconds)} s`;
}

/** 12 k, 3.4 M: short labels for chart axes. */
export function formatCompact(value: number): string {
  if (value >= 1_000_000) return `${+(value / 1_000_000).toFixed(1)} M`;
  if (value >= 10_000) return `${Math.round(value / 1000)} k`;
  if (value >= 1000) return `${+(value / 1000).toFixed(1)} k`;
  return String(value);
}
