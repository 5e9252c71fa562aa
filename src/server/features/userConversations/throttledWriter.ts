/**
 * Persists growing answers while they stream without a write per chunk: one
 * shared writer per database saves every answer that changed in ONE statement
 * per tick (a multi-row UPDATE … FROM (VALUES …)), instead of one UPDATE per
 * answer. Each answer is written at most once per interval (issue: ≤ 4 database
 * writes per second per answer), each write carrying its latest text; never two
 * of the writer's statements in flight.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";

export interface ThrottledWriter {
  /** Note new text; it is written at the first tick at least one interval after the previous write. */
  update(text: string): void;
  /** Waits for any write in flight; later updates are dropped (the final write is the caller's). */
  stop(): Promise<void>;
}

interface TrackedAnswer {
  segmentId: string;
  latest: string | undefined;
  written: string | undefined;
  lastWriteAt: number;
  onError: (error: unknown) => void;
}

/** PostgreSQL takes at most 65,535 parameters per statement: two per answer, with room to spare. */
const MAX_ROWS_PER_STATEMENT = 2_000;

function rowsStatement(rows: readonly TrackedAnswer[], texts: readonly string[]) {
  const values = sql.join(
    rows.map((row, i) => sql`(${row.segmentId}::uuid, ${texts[i]}::text)`),
    sql`, `,
  );
  // Only answers still being written: a final status (Complete, Aborted, Failed) is never taken back.
  return sql`update conversation_segments as s set answer = v.answer, status = 'Streaming'
    from (values ${values}) as v(id, answer)
    where s.conversation_segment_id = v.id and s.status in ('Pending', 'Streaming')`;
}

class SharedAnswerWriter {
  private readonly answers = new Set<TrackedAnswer>();
  private timer: ReturnType<typeof setInterval> | undefined;
  private inFlight: Promise<void> = Promise.resolve();
  private writing = false;

  constructor(
    private readonly db: Db,
    private readonly intervalMs: number,
  ) {}

  track(segmentId: string, onError: (error: unknown) => void): ThrottledWriter {
    // Tracking starts right after the question was stored: that insert opens the first interval,
    // so storing the question plus the first answer write stay within one write per interval.
    const answer: TrackedAnswer = { segmentId, latest: undefined, written: undefined, lastWriteAt: Date.now(), onError };
    this.answers.add(answer);
    // Ticks twice per interval: an answer waits at most 1.5 intervals for its write.
    if (!this.timer) {
      this.timer = setInterval(() => this.tick(), this.intervalMs / 2);
      this.timer.unref();
    }
    return {
      update: (text) => {
        answer.latest = text;
      },
      stop: async () => {
        this.answers.delete(answer);
        if (this.answers.size === 0 && this.timer) {
          clearInterval(this.timer);
          this.timer = undefined;
        }
        await this.inFlight;
      },
    };
  }

  private tick(): void {
    if (this.writing) return;
    const now = Date.now();
    const due: TrackedAnswer[] = [];
    for (const answer of this.answers)
      if (answer.latest !== undefined && answer.latest !== answer.written && now - answer.lastWriteAt >= this.intervalMs)
        due.push(answer);
    if (due.length === 0) return;
    this.writing = true;
    this.inFlight = this.write(due, now).finally(() => {
      this.writing = false;
    });
  }

  private async write(due: TrackedAnswer[], now: number): Promise<void> {
    for (let start = 0; start < due.length; start += MAX_ROWS_PER_STATEMENT) {
      const rows = due.slice(start, start + MAX_ROWS_PER_STATEMENT);
      const texts = rows.map((row) => row.latest!);
      for (const row of rows) row.lastWriteAt = now;
      try {
        await this.db.execute(rowsStatement(rows, texts));
        rows.forEach((row, i) => (row.written = texts[i]));
      } catch (error) {
        for (const row of rows) row.onError(error);
      }
    }
  }
}

const writers = new WeakMap<Db, SharedAnswerWriter>();

/** The writer for one streaming answer, sharing its statements with every other answer streaming on `db`. */
export function createThrottledWriter(
  db: Db,
  segmentId: string,
  intervalMs: number,
  onError: (error: unknown) => void,
): ThrottledWriter {
  let shared = writers.get(db);
  if (!shared) {
    shared = new SharedAnswerWriter(db, intervalMs);
    writers.set(db, shared);
  }
  return shared.track(segmentId, onError);
}
