/** Runs `task` once the page is idle (soon after, where idle callbacks are missing); returns its cancellation. */
export function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === "function") {
    const id = window.requestIdleCallback(task, { timeout: 1000 });
    return () => window.cancelIdleCallback(id);
  }
  const timer = window.setTimeout(task, 200);
  return () => clearTimeout(timer);
}
