/**
 * Persists a growing answer while it streams without a write per chunk: at most
 * one write per interval (issue: ≤ 4 database writes per second per answer), each
 * write carrying the latest text, never two writes in flight.
 */
export interface ThrottledWriter {
  /** Note new text; a write happens now or at the end of the current interval. */
  update(text: string): void;
  /** Waits for any write in flight; later updates are dropped (the final write is the caller's). */
  stop(): Promise<void>;
}

export function createThrottledWriter(write: (text: string) => Promise<void>, intervalMs: number, onError: (error: unknown) => void): ThrottledWriter {
  let latest: string | undefined;
  let written: string | undefined;
  // The writer is created right after the question was stored: that insert opens the first interval,
  // so storing the question plus the first answer write stay within one write per interval.
  let lastWriteAt = Date.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight: Promise<void> = Promise.resolve();
  let stopped = false;

  const flush = () => {
    timer = undefined;
    if (stopped || latest === undefined || latest === written) return;
    const text = latest;
    lastWriteAt = Date.now();
    inFlight = inFlight.then(() => write(text)).then(
      () => {
        written = text;
      },
      onError,
    );
  };

  return {
    update(text) {
      latest = text;
      if (stopped || timer) return;
      const wait = Math.max(0, lastWriteAt + intervalMs - Date.now());
      timer = setTimeout(flush, wait);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await inFlight;
    },
  };
}
