/**
 * Main-thread time per streamed chunk from a Chromium trace: the page marks
 * each body read of the answer stream (`bench-chunk`, a performance.mark), and
 * every top-level task of the renderer's main thread is charged to the chunk
 * whose mark it holds (the task that reads, parses and shows the chunk), else
 * to the chunk whose window [mark i, mark i+1) it starts in (its frame).
 */
interface TraceEvent {
  name: string;
  cat?: string;
  ph: string;
  ts: number;
  dur?: number;
  /** Thread (CPU) time: unlike dur, not inflated while the thread waits for a core on a busy machine. */
  tdur?: number;
  pid: number;
  tid: number;
}

export interface ChunkCost {
  chunks: number;
  /** Wall time of the main thread's tasks per chunk window. */
  perChunkMs: number[];
  /** The same tasks' thread CPU time (when the trace has it, else wall time). */
  perChunkCpuMs: number[];
  totalMs: number;
  longTasks: number;
}

const TASK_NAMES = new Set(["RunTask", "ThreadControllerImpl::RunTask"]);

export function analyseTrace(json: string, markName: string): ChunkCost {
  const events = (JSON.parse(json) as { traceEvents: TraceEvent[] }).traceEvents;
  const marks = events.filter((e) => e.name === markName).sort((a, b) => a.ts - b.ts);
  if (marks.length === 0) throw new Error(`no ${markName} marks in the trace`);
  const { pid, tid } = marks[0]!;
  // Top-level tasks only: a task nested in another is already inside its parent's duration.
  const tasks = events
    .filter((e) => e.pid === pid && e.tid === tid && e.ph === "X" && TASK_NAMES.has(e.name) && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts);
  const topLevel: TraceEvent[] = [];
  for (const task of tasks) {
    const last = topLevel.at(-1);
    if (last && task.ts < last.ts + last.dur!) continue;
    topLevel.push(task);
  }
  const bounds = marks.map((m) => m.ts);
  // The last chunk's window: as long as the median gap between chunks.
  const gaps = bounds
    .slice(1)
    .map((t, i) => t - bounds[i]!)
    .sort((a, b) => a - b);
  bounds.push(bounds.at(-1)! + (gaps[Math.floor(gaps.length / 2)] ?? 20_000));
  const perChunk = new Array<number>(marks.length).fill(0);
  const perChunkCpu = new Array<number>(marks.length).fill(0);
  let longTasks = 0;
  for (const task of topLevel) {
    const end = task.ts + task.dur!;
    if (end < bounds[0]! || task.ts >= bounds.at(-1)!) continue;
    let index = 0;
    while (index < marks.length - 1 && task.ts >= bounds[index + 1]!) index++;
    // A chunk's mark is set inside the task that reads it (and parses and shows it), which started just
    // before the mark: that task belongs to the chunk whose mark it holds, not to the window it starts in.
    if (index < marks.length - 1 && bounds[index + 1]! <= end) index++;
    perChunk[index]! += task.dur! / 1000;
    perChunkCpu[index]! += (task.tdur ?? task.dur!) / 1000;
    if (task.dur! > 50_000) longTasks++;
  }
  return {
    chunks: marks.length,
    perChunkMs: perChunk,
    perChunkCpuMs: perChunkCpu,
    totalMs: perChunk.reduce((a, b) => a + b, 0),
    longTasks,
  };
}

/** Nearest-rank percentile. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
}
