/**
 * Account lockout for local sign-in: consecutive failures lock the account for
 * a while, whatever password comes next, so a password cannot be guessed
 * faster than MAX_FAILED_SIGN_INS per LOCKOUT_DURATION_MS (the per-address
 * rate limit on sign-in stops spraying across accounts).
 */

/** Consecutive failed sign-ins that lock the account (the failure that reaches it locks). */
export const MAX_FAILED_SIGN_INS = 5;

/** How long a locked account refuses every sign-in: 15 minutes. */
export const LOCKOUT_DURATION_MS = 15 * 60 * 1000;

export interface LockoutState {
  failedSignInCount: number;
  lockedUntil: Date | null;
}

/** Whole seconds until the lock expires (at least 1), or 0 when the account is not locked at `now`. */
export function lockoutSecondsRemaining(state: Pick<LockoutState, "lockedUntil">, now: Date): number {
  if (!state.lockedUntil) return 0;
  const remainingMs = state.lockedUntil.getTime() - now.getTime();
  return remainingMs > 0 ? Math.ceil(remainingMs / 1000) : 0;
}

/**
 * The state after one more failure. Reaching the limit locks the account and
 * restarts the count, so after the lock expires the user has the full number
 * of attempts again rather than being relocked by a single typo.
 */
export function afterFailedSignIn(failedSignInCount: number, now: Date): LockoutState {
  const failures = failedSignInCount + 1;
  if (failures >= MAX_FAILED_SIGN_INS) {
    return { failedSignInCount: 0, lockedUntil: new Date(now.getTime() + LOCKOUT_DURATION_MS) };
  }
  return { failedSignInCount: failures, lockedUntil: null };
}

/** The 429 detail; minutes are rounded up so the message never says 0. */
export function lockedOutDetail(secondsRemaining: number): string {
  const minutes = Math.max(1, Math.ceil(secondsRemaining / 60));
  return `Too many failed sign-in attempts. Try again in ${minutes} minutes.`;
}
