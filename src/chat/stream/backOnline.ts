/**
 * Waits before a request that could not reach the server is tried again: until the browser is back
 * online, or `ms` at most (a lost connection does not always take the browser offline).
 */
export function backOnline(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      window.removeEventListener("online", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    window.addEventListener("online", done);
  });
}

/** How often a request that could not reach the server is tried again, 1 s, 2 s, 4 s … apart (31 s in all). */
export const UNREACHED_RETRIES = 5;

/** The wait before try `attempt` (0-based) again. */
export const retryDelayMs = (attempt: number) => 2 ** attempt * 1000;
