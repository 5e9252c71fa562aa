import { useLayoutEffect, useRef } from "react";
import { useStickToBottom } from "./useStickToBottom";

/**
 * For a plain (not virtualized) chat log: it follows its end as answers grow, unless the reader
 * scrolled up to read, and follows it again when a question is asked. `log` is the scroller,
 * `logContent` the element inside it that grows.
 */
export function useFollowingLog(streaming: boolean) {
  const log = useRef<HTMLDivElement>(null);
  const logContent = useRef<HTMLDivElement>(null);
  const { scrollToEnd } = useStickToBottom(log, logContent, true);
  useLayoutEffect(() => {
    if (streaming) scrollToEnd();
  }, [streaming, scrollToEnd]);
  return { log, logContent };
}
