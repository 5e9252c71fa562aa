import { useCallback, useEffect, useRef, useState, type RefObject } from "react";

/** How close to the end still counts as "at the end" (px). */
const BOTTOM_SLACK_PX = 48;

/**
 * Keeps a scroller pinned to its end while its content grows (a streaming
 * answer), unless the reader scrolled up; reports whether it is at the end.
 */
export function useStickToBottom(
  scrollRef: RefObject<HTMLElement | null>,
  contentRef: RefObject<HTMLElement | null>,
  startAtBottom: boolean,
) {
  const stick = useRef(startAtBottom);
  const [atBottom, setAtBottom] = useState(startAtBottom);

  const scrollToEnd = useCallback(() => {
    const scroller = scrollRef.current;
    if (!scroller) return;
    stick.current = true;
    scroller.scrollTop = scroller.scrollHeight;
    setAtBottom(true);
  }, [scrollRef]);

  useEffect(() => {
    const scroller = scrollRef.current;
    const content = contentRef.current;
    if (!scroller || !content) return;
    let lastTop = scroller.scrollTop;
    const onScroll = () => {
      const distance = scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight;
      const bottom = distance <= BOTTOM_SLACK_PX;
      // Only a move towards the start (the reader's own) lets go of the end.
      if (bottom) stick.current = true;
      else if (scroller.scrollTop < lastTop) stick.current = false;
      lastTop = scroller.scrollTop;
      setAtBottom(bottom);
    };
    const observer = new ResizeObserver(() => {
      if (stick.current) scroller.scrollTop = scroller.scrollHeight;
    });
    observer.observe(content);
    // The scroller itself shrinks when the page around it settles (the shell's parts arriving after a
    // conversation opened from the address) or the window changes: the end stays in view then too.
    observer.observe(scroller);
    scroller.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      observer.disconnect();
      scroller.removeEventListener("scroll", onScroll);
    };
  }, [scrollRef, contentRef]);

  return { atBottom, scrollToEnd, stick };
}
