/**
 * Spec §4 Token / §9: the loop counter of product-token requests made from an
 * identity sign-in resets after 30 s; at 4 attempts the identity cache is cleared.
 * Kept in session storage because each attempt may pass through a full-page redirect.
 */
export const TOKEN_REQUEST_COUNTER_RESET_MS = 30_000;
export const TOKEN_REQUEST_ATTEMPT_LIMIT = 4;
const STORAGE_KEY = "entraIdTokenRequests";

interface CounterState {
  count: number;
  since: number;
}

function read(storage: Storage): CounterState {
  try {
    const parsed = JSON.parse(storage.getItem(STORAGE_KEY) ?? "null") as CounterState | null;
    return parsed && typeof parsed.count === "number" && typeof parsed.since === "number"
      ? parsed
      : { count: 0, since: 0 };
  } catch {
    return { count: 0, since: 0 };
  }
}

/** Counts one attempt; true when the limit is reached and the identity cache must be cleared. */
export function countTokenRequest(now: number = Date.now(), storage: Storage = window.sessionStorage): boolean {
  const current = read(storage);
  const state = now - current.since > TOKEN_REQUEST_COUNTER_RESET_MS ? { count: 0, since: now } : current;
  const next = { count: state.count + 1, since: state.since };
  const limitReached = next.count >= TOKEN_REQUEST_ATTEMPT_LIMIT;
  storage.setItem(STORAGE_KEY, JSON.stringify(limitReached ? { count: 0, since: now } : next));
  return limitReached;
}

export function resetTokenRequests(storage: Storage = window.sessionStorage): void {
  storage.removeItem(STORAGE_KEY);
}
