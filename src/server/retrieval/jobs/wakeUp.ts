/** In-process nudge: a new job wakes this process's workers at once instead of at their next poll. */
const listeners = new Set<() => void>();

export function onIndexingWake(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function wakeIndexingWorkers(): void {
  for (const listener of listeners) listener();
}
