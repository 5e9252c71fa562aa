import { useEffect } from "react";
import { authActions } from "../auth/authStore";

/** How often /readyz is asked again while the server is not ready. */
export const READINESS_POLL_MS = 3000;

async function isReady(): Promise<boolean> {
  try {
    const response = await fetch(new URL("/readyz", window.location.origin), { cache: "no-store" });
    // Reading the body ends the request (an unread body keeps the connection busy).
    await response.text();
    return response.ok;
  } catch {
    return false;
  }
}

/**
 * Asks /readyz once at start; while it does not answer 200 the health-check
 * issue flag is set (spec §3) and /readyz is polled until it does.
 */
export function useReadinessWatch(): void {
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = async () => {
      const ready = await isReady();
      if (stopped) return;
      authActions.setHealthCheckIssue(!ready);
      if (!ready) timer = setTimeout(() => void check(), READINESS_POLL_MS);
    };
    void check();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, []);
}
