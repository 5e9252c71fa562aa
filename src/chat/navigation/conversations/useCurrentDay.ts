import { useEffect, useState } from "react";

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
 */
export function useCurrentDay(): Date {
  const [day, setDay] = useState(() => startOfLocalDay(new Date()));
  useEffect(() => {
    const now = new Date();
    const timer = setTimeout(() => setDay(startOfLocalDay(new Date())), nextLocalMidnight(now).getTime() - now.getTime());
    return () => clearTimeout(timer);
  }, [day]);
  return day;
}
