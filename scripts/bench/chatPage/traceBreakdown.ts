/**
 * Where the main thread's time goes while the answer streams (`--profile`):
 * self time per trace event kind (script, style, layout, paint, GC…) on the
 * renderer's main thread between the first and the last chunk mark, and the
 * hottest page functions of a CDP CPU profile taken over the same stream.
 */
interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  /** Thread (CPU) time, not inflated while the thread waits for a core. */
  tdur?: number;
  pid: number;
  tid: number;
}

export interface Breakdown {
  windowMs: number;
  /** Self time per trace event name (wall and thread CPU), ms, largest first. */
  byEvent: { name: string; ms: number; cpuMs: number }[];
}

export const PROFILE_TRACE_CATEGORIES = [
  "toplevel",
  "blink.user_timing",
  "devtools.timeline",
  "disabled-by-default-devtools.timeline",
  // JS stacks of forced layouts (layout thrash) and of scheduled work.
  "disabled-by-default-devtools.timeline.stack",
  "v8",
  "v8.execute",
  "blink",
];

/** Self time per event name of the main thread's complete (X) events in the marks' window. */
export function breakdownTrace(json: string, markName: string): Breakdown {
  const events = (JSON.parse(json) as { traceEvents: TraceEvent[] }).traceEvents;
  const marks = events.filter((e) => e.name === markName).sort((a, b) => a.ts - b.ts);
  if (marks.length === 0) throw new Error(`no ${markName} marks in the trace`);
  const { pid, tid } = marks[0]!;
  const start = marks[0]!.ts;
  const end = marks.at(-1)!.ts + 20_000;
  const spans = events
    .filter((e) => e.pid === pid && e.tid === tid && e.ph === "X" && e.dur !== undefined && e.ts >= start && e.ts < end)
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  // A span's self time is its duration minus its direct children's.
  const self = new Map<string, { us: number; cpuUs: number }>();
  const stack: { event: TraceEvent; childUs: number; childCpuUs: number }[] = [];
  const close = (upTo: number) => {
    while (stack.length > 0 && stack.at(-1)!.event.ts + stack.at(-1)!.event.dur! <= upTo) {
      const { event, childUs, childCpuUs } = stack.pop()!;
      const cpu = event.tdur ?? event.dur!;
      const entry = self.get(event.name) ?? { us: 0, cpuUs: 0 };
      entry.us += event.dur! - childUs;
      entry.cpuUs += cpu - childCpuUs;
      self.set(event.name, entry);
      if (stack.length > 0) {
        stack.at(-1)!.childUs += event.dur!;
        stack.at(-1)!.childCpuUs += cpu;
      }
    }
  };
  for (const span of spans) {
    close(span.ts);
    stack.push({ event: span, childUs: 0, childCpuUs: 0 });
  }
  close(Number.POSITIVE_INFINITY);
  return {
    windowMs: (end - start) / 1000,
    byEvent: [...self.entries()]
      .map(([name, { us, cpuUs }]) => ({ name, ms: us / 1000, cpuMs: cpuUs / 1000 }))
      .filter((entry) => entry.ms >= 0.5)
      .sort((a, b) => b.ms - a.ms),
  };
}

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number } }[];
  samples?: number[];
  timeDeltas?: number[];
}

/** The hottest functions of a CDP CPU profile by self time (ms), with their file:line:column. */
export function hottestFunctions(profile: CpuProfile, limit = 25): { name: string; where: string; ms: number }[] {
  const byId = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const totals = new Map<string, { name: string; where: string; us: number }>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i++) {
    const frame = byId.get(samples[i]!)!;
    if (frame.functionName === "(idle)" || frame.functionName === "(program)") continue;
    const where = frame.url
      ? `${frame.url.replace(/^.*\/assets\//, "")}:${frame.lineNumber + 1}:${frame.columnNumber + 1}`
      : "(native)";
    const key = `${frame.functionName}@${where}`;
    const entry = totals.get(key) ?? { name: frame.functionName || "(anonymous)", where, us: 0 };
    entry.us += deltas[i + 1] ?? 0;
    totals.set(key, entry);
  }
  return [...totals.values()]
    .sort((a, b) => b.us - a.us)
    .slice(0, limit)
    .map((entry) => ({ name: entry.name, where: entry.where, ms: entry.us / 1000 }));
}
