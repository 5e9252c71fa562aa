import { useCallback, useEffect, useRef, useState, type RefObject } from "react";
import { createStore, type Store } from "../../app/store/createStore";
import { useStore } from "../../app/store/useStore";

/** How close to the end still counts as "at the end" (px). */
const BOTTOM_SLACK_PX = 48;

/** How long after the reader's wheel, touch or key a scroll still counts as the reader's (smooth scrolling included). */
const READER_SCROLL_MS = 1000;

/** Keys that scroll the list when the focus is not in a text field. */
const SCROLL_KEYS = new Set(["ArrowUp", "ArrowDown", "PageUp", "PageDown", "Home", "End", " "]);

/** What a press in the list may land on that is no scroll. */
const CONTROLS = "button, a, input, textarea, select, label, [role='button'], [contenteditable='true']";

/** Space kept above a just-asked question placed at the top of the view (px). */
export const TURN_TOP_GAP_PX = 16;

/** The row of the turn just asked: the one kept at the top of the view while its answer grows below it. */
export const TURN_ROOM_CLASS = "chat-turn-room";

/**
 * Once a kept turn's answer outgrows the view, the room below it grows by this many view heights
 * at a time: the scrolled content then keeps its height over many lines, and the rows above
 * are not painted again each time a line is added (a change of the content's height repaints them).
 */
const ROOM_STEP_VIEWS = 1;

/**
 * Gives the kept turn's row its room as a fixed height (px; 0: none) with size containment: the
 * row is then a layout boundary, and a chunk's layout stops at it instead of going up through the
 * list and the page (a tenth of a millisecond per chunk). The room holds the content: it grows in
 * the frame the content outgrows it, before that frame is painted. The class's min-height still
 * gives a view that grew its height. The row's own properties, not custom ones: those are
 * inherited, and changing one restyles everything in the row.
 */
function showRoom(row: HTMLElement, px: number): void {
  if (px) {
    row.style.height = `${px}px`;
    row.style.contain = "strict";
  } else {
    row.style.removeProperty("height");
    row.style.removeProperty("contain");
  }
}

/**
 * Where the view goes while the content grows:
 * - end: follows the end (a conversation opened at its end, or the reader went back to it);
 * - turn: keeps the question just asked at the top, its answer growing into the room below, as a
 *   reader reads it, from the top; nothing scrolls per chunk (each scroll would repaint the list);
 * - free: stays where the reader scrolled to.
 */
type Follow = "end" | "turn" | "free";

/**
 * Whether the scroller's end is in view, as a store its readers subscribe to: it changes while an
 * answer streams, and only the jump button reads it, so only the jump button re-renders (a state
 * of the list would re-render the whole list, about a millisecond, mid-stream).
 */
export type EndInView = Store<{ atEnd: boolean }>;

/** Whether the end is in view, re-rendering the caller when it changes. */
export function useEndInView(endInView: EndInView): boolean {
  return useStore(endInView, (state) => state.atEnd);
}

function setEndInView(endInView: EndInView, atEnd: boolean): void {
  if (endInView.getState().atEnd !== atEnd) endInView.setState({ atEnd });
}

/**
 * Keeps a scroller in place while its content grows (a streaming answer) and
 * reports whether its end is in view (`endInView`, a store: useEndInView). `showTurn` puts
 * the turn just asked at the top; scrolling by the reader lets go of it, and reaching the end
 * follows the end.
 */
export function useStickToBottom(
  scrollRef: RefObject<HTMLElement | null>,
  contentRef: RefObject<HTMLElement | null>,
  startAtBottom: boolean,
) {
  const follow = useRef<Follow>(startAtBottom ? "end" : "free");
  const [endInView] = useState<EndInView>(() => createStore({ atEnd: startAtBottom }));
  /** The room grown below the kept turn's answer, dropped when the view follows the end. */
  const room = useRef<{ row: HTMLElement; px: number } | null>(null);
  const roomObserver = useRef<ResizeObserver | null>(null);

  const dropRoom = useCallback(() => {
    if (!room.current?.px) return;
    room.current.px = 0;
    showRoom(room.current.row, 0);
  }, []);

  const keepPlace = useCallback(() => {
    const scroller = scrollRef.current;
    if (!scroller) return;
    let top: number | null = null;
    if (follow.current === "end") top = scroller.scrollHeight;
    else if (follow.current === "turn") {
      const turn = scroller.querySelector(`.${TURN_ROOM_CLASS}`);
      if (turn)
        top =
          turn.getBoundingClientRect().top -
          scroller.getBoundingClientRect().top +
          scroller.scrollTop -
          TURN_TOP_GAP_PX;
    }
    if (top !== null) scroller.scrollTop = top;
    setEndInView(endInView, scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight <= BOTTOM_SLACK_PX);
  }, [scrollRef, endInView]);

  const scrollToEnd = useCallback(() => {
    follow.current = "end";
    dropRoom();
    keepPlace();
  }, [keepPlace, dropRoom]);

  /** A ref for the content of the turn just asked (inside the row with TURN_ROOM_CLASS): grows the room below it. */
  const observeTurnContent = useCallback(
    (inner: HTMLElement | null) => {
      roomObserver.current?.disconnect();
      roomObserver.current = null;
      const row = inner?.parentElement;
      if (!inner || !row) return;
      room.current = { row, px: 0 };
      const observer = new ResizeObserver(() => {
        const scroller = scrollRef.current;
        if (!scroller || room.current?.row !== row) return;
        if (follow.current !== "turn") return dropRoom();
        const view = scroller.clientHeight;
        // Not laid out (a hidden view): the content's size changes, and this runs again, once shown.
        if (!view) return;
        const needed = inner.offsetHeight + TURN_TOP_GAP_PX;
        if (needed > Math.max(room.current.px, view))
          room.current.px = needed + Math.round(view * ROOM_STEP_VIEWS);
        else if (!room.current.px) room.current.px = view - TURN_TOP_GAP_PX;
        else return;
        showRoom(row, room.current.px);
      });
      observer.observe(inner);
      roomObserver.current = observer;
    },
    [scrollRef, dropRoom],
  );

  const showTurn = useCallback(() => {
    follow.current = "turn";
    keepPlace();
  }, [keepPlace]);

  useEffect(() => {
    const scroller = scrollRef.current;
    const content = contentRef.current;
    if (!scroller || !content) return;
    // A scroll is the reader's when the reader just turned the wheel, touched, pressed a scrolling key
    // or holds the scrollbar: the list also scrolls by itself (this hook, the virtualizer keeping rows
    // in place as they are measured), and those scrolls must not change what the view follows.
    let readerInputAt = -Infinity;
    let holding = false;
    const readerInput = () => {
      readerInputAt = performance.now();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      // Tab too: the browser scrolls the element it moves the focus to into view, for the reader.
      if (event.key === "Tab" || (SCROLL_KEYS.has(event.key) && !target?.closest("input, textarea, [contenteditable='true']")))
        readerInput();
    };
    // On the scrollbar, or on the text (a selection dragged past the view's edge scrolls the list): the
    // reader's. Not a press on a control in the list (a version switch): that is no scroll, and the
    // scroll the browser makes when the content it changes shrinks must not follow the end.
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Element | null;
      if (target !== scroller && target?.closest(CONTROLS)) return;
      holding = true;
      readerInput();
    };
    // The reader works at a control in the list (a version switch, a question's editor, a copy
    // button): the list stops following the end or the turn, which would move it out of view when
    // what it does changes the content's height. A new question or answer is followed again (showTurn).
    // Not the list itself, which a click on its text focuses (for the keys that scroll it).
    const onFocusIn = (event: FocusEvent) => {
      if (event.target !== scroller) follow.current = "free";
    };
    const onPointerUp = () => {
      holding = false;
    };
    let lastTop = scroller.scrollTop;
    const onScroll = () => {
      const top = scroller.scrollTop;
      const bottom = scroller.scrollHeight - top - scroller.clientHeight <= BOTTOM_SLACK_PX;
      if (holding || performance.now() - readerInputAt < READER_SCROLL_MS) {
        // Reaching the end follows it; any other move keeps the reader's place (a move towards the end
        // from a kept turn included), except that moving towards the end never lets go of the end.
        if (bottom) {
          follow.current = "end";
          dropRoom();
        } else if (follow.current === "turn" || top < lastTop) follow.current = "free";
      }
      lastTop = top;
      setEndInView(endInView, bottom);
    };
    // The view's height, for the room below a turn just asked (CSS: var(--chat-view-height)).
    const showViewHeight = () => scroller.style.setProperty("--chat-view-height", `${scroller.clientHeight}px`);
    showViewHeight();
    const observer = new ResizeObserver((entries) => {
      if (entries.some((entry) => entry.target === scroller)) showViewHeight();
      keepPlace();
    });
    observer.observe(content);
    // The scroller itself shrinks when the page around it settles (the shell's parts arriving after a
    // conversation opened from the address) or the window changes: the place is kept then too.
    observer.observe(scroller);
    const passive = { passive: true };
    scroller.addEventListener("scroll", onScroll, passive);
    scroller.addEventListener("wheel", readerInput, passive);
    scroller.addEventListener("touchmove", readerInput, passive);
    scroller.addEventListener("pointerdown", onPointerDown, passive);
    scroller.addEventListener("focusin", onFocusIn);
    window.addEventListener("pointerup", onPointerUp, passive);
    window.addEventListener("keydown", onKeyDown, passive);
    return () => {
      observer.disconnect();
      scroller.removeEventListener("scroll", onScroll);
      scroller.removeEventListener("wheel", readerInput);
      scroller.removeEventListener("touchmove", readerInput);
      scroller.removeEventListener("pointerdown", onPointerDown);
      scroller.removeEventListener("focusin", onFocusIn);
      window.removeEventListener("pointerup", onPointerUp);
      window.removeEventListener("keydown", onKeyDown);
    };
  }, [scrollRef, contentRef, keepPlace, dropRoom, endInView]);

  useEffect(() => () => roomObserver.current?.disconnect(), []);

  return { endInView, scrollToEnd, showTurn, observeTurnContent };
}
