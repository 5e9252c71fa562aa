/**
 * Persists growing answers while they stream without a write per chunk: one
 * shared writer per database saves every answer that changed in ONE statement
 * per tick (a multi-row UPDATE … FROM (VALUES …)), instead of one UPDATE per
 * answer. Each answer is written at most once per interval (issue: ≤ 4 database
 * writes per second per answer), each write carrying its latest text; never two
 * of the writer's statements in flight. Each write also tells that the answer is still being
 * written (alive_at), and an answer with nothing new to write (a model still thinking) says so
 * every HEARTBEAT_MS: an answer nobody keeps alive was lost with its process (liveAnswerSweeper.ts).
 */
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { HEARTBEAT_MS } from "./liveAnswerSweeper";

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
  /** When the answer's row was last told it is alive: by its last write, or a heartbeat. */
  lastAliveAt: number;
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
  return sql`update conversation_segments as s set answer = v.answer, status = 'Streaming', alive_at = now()
    from (values ${values}) as v(id, answer)
    where s.conversation_segment_id = v.id and s.status in ('Pending', 'Streaming')`;
}

function heartbeatStatement(rows: readonly TrackedAnswer[]) {
  const ids = sql.join(
    rows.map((row) => sql`${row.segmentId}::uuid`),
    sql`, `,
  );
  return sql`update conversation_segments set alive_at = now()
    where conversation_segment_id in (${ids}) and status in ('Pending', 'Streaming')`;
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
    const now = Date.now();
    const answer: TrackedAnswer = { segmentId, latest: undefined, written: undefined, lastWriteAt: now, lastAliveAt: now, onError };
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
    const quiet: TrackedAnswer[] = [];
    for (const answer of this.answers)
      if (answer.latest !== undefined && answer.latest !== answer.written && now - answer.lastWriteAt >= this.intervalMs)
        due.push(answer);
      else if (now - answer.lastAliveAt >= HEARTBEAT_MS) quiet.push(answer);
    if (due.length === 0 && quiet.length === 0) return;
    this.writing = true;
    this.inFlight = this.write(due, now)
      .then(() => this.heartbeat(quiet, now))
      .finally(() => {
        this.writing = false;
      });
  }

  private async heartbeat(quiet: TrackedAnswer[], now: number): Promise<void> {
    for (let start = 0; start < quiet.length; start += MAX_ROWS_PER_STATEMENT) {
      const rows = quiet.slice(start, start + MAX_ROWS_PER_STATEMENT);
      for (const row of rows) row.lastAliveAt = now;
      // A missed heartbeat is made up for by the next one, well within the sweeper's margin.
      await this.db.execute(heartbeatStatement(rows)).catch(() => undefined);
    }
  }

  private async write(due: TrackedAnswer[], now: number): Promise<void> {
    for (let start = 0; start < due.length; start += MAX_ROWS_PER_STATEMENT) {
      const rows = due.slice(start, start + MAX_ROWS_PER_STATEMENT);
      const texts = rows.map((row) => row.latest!);
      for (const row of rows) row.lastWriteAt = row.lastAliveAt = now;
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
