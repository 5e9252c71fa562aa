import { useEffect, useState } from "react";

/**
 * How often the day is looked at again. A timer set for midnight does not fire at midnight after the
 * computer slept: it waits for the rest of its time awake. A short one catches up soon after waking.
 */
const CHECK_INTERVAL_MS = 60_000;

/** Midnight at the start of `date`'s local day. */
function startOfLocalDay(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate());
}

/** The next local midnight after `date` (calendar arithmetic, so daylight-saving days are right). */
function nextLocalMidnight(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + 1);
}

/**
 * Today's date (at local midnight), renewed when the day changes, so that the
 * Today / Yesterday groups of a list left open overnight move on (spec §9).
 * The wall clock is read at midnight, every minute, and when the page is shown or focused again.
 */
export function useCurrentDay(): Date {
  const [day, setDay] = useState(() => startOfLocalDay(new Date()));
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = () => {
      clearTimeout(timer);
      const now = new Date();
      timer = setTimeout(check, Math.min(nextLocalMidnight(now).getTime() - now.getTime(), CHECK_INTERVAL_MS));
    };
    const check = () => {
      const today = startOfLocalDay(new Date());
      // The same day keeps its Date object: the groups are not worked out again for nothing.
      setDay((current) => (current.getTime() === today.getTime() ? current : today));
      schedule();
    };
    const checkIfVisible = () => {
      if (document.visibilityState === "visible") check();
    };
    schedule();
    document.addEventListener("visibilitychange", checkIfVisible);
    window.addEventListener("focus", check);
    return () => {
      clearTimeout(timer);
      document.removeEventListener("visibilitychange", checkIfVisible);
      window.removeEventListener("focus", check);
    };
  }, []);
  return day;
}
