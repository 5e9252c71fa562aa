/**
 * What the page holds for the signed-in user: the server's data it cached, the open conversation,
 * what was typed or attached, the answer coming. It is forgotten when the user logs out, and when
 * another user signs in on this page after a forced sign-out (a disabled account, a revoked token):
 * on a shared computer nothing of one user may be shown to the next. Each module that keeps such
 * state registers here how it forgets it, when it loads (the chat's stores load with the chat).
 */
const resets = new Set<() => void>();

/** Registers how a module forgets its user's data; returns the unregistration. */
export function onUserDataReset(reset: () => void): () => void {
  resets.add(reset);
  return () => resets.delete(reset);
}

/** Forgets every registered user's data. */
export function resetUserData(): void {
  for (const reset of resets) reset();
}
