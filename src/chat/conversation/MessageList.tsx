import GlobalStyles from "@mui/material/GlobalStyles";
import type { Theme } from "@mui/material/styles";
import { memo, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { whenIdle } from "../../app/lazy/whenIdle";
import type { MessageItem } from "./buildMessageItems";
import type { GptSystemReference } from "./conversationTypes";
import { estimateRowHeight } from "./estimateRowHeight";
import { JumpToLatestButton } from "./JumpToLatestButton";
import { scrollMemory } from "./scrollMemory";
import { SegmentRow } from "./SegmentRow";
import type { AskRequest } from "./useAsk";
import { useItemKeys } from "./useItemKeys";
import { useMessageVirtualizer } from "./useMessageVirtualizer";
import { TURN_ROOM_CLASS, TURN_TOP_GAP_PX, useStickToBottom } from "./useStickToBottom";

export interface MessageListProps {
  conversationId: string | null;
  items: MessageItem[];
  fallbackAgent: Pick<GptSystemReference, "gptSystemId" | "name"> | null;
  busy: boolean;
  /** Absent when the conversation can only be read (its agent is gone): no Edit, no Regenerate. */
  onAsk?: (request: AskRequest) => void;
}

/** Rows rendered beyond each edge of the viewport, so that scrolling shows rendered rows. */
const OVERSCAN_ROWS = 3;

/**
 * Guesses before a row is measured (from its text; real heights replace them as rows render), per row
 * key: the rows are built anew whenever the conversation or the live answer changes, their texts not.
 */
const estimatedHeights = new Map<string, { listWidth: number; question: string; answer: string; px: number }>();
const ESTIMATES_KEPT = 5000;

function estimateItemHeight(item: MessageItem, listWidth: number): number {
  const question = item.segment?.question ?? item.live?.question ?? "";
  const answer = item.segment?.answer ?? "";
  const cached = estimatedHeights.get(item.key);
  if (cached?.listWidth === listWidth && cached.question === question && cached.answer === answer) return cached.px;
  const px = estimateRowHeight(question, answer, listWidth);
  if (estimatedHeights.size >= ESTIMATES_KEPT) estimatedHeights.clear();
  estimatedHeights.set(item.key, { listWidth, question, answer, px });
  return px;
}

/**
 * The list's styles as plain classes, put into the page once: the list
 * re-renders as rows scroll in and out while an answer streams, and sx props
 * would be processed again each time.
 */
const listStyles = (theme: Theme) => {
  const gutters = {
    paddingLeft: theme.spacing(2),
    paddingRight: theme.spacing(2),
    [theme.breakpoints.up("sm")]: { paddingLeft: theme.spacing(3), paddingRight: theme.spacing(3) },
  };
  return {
    ".chat-message-list": { position: "absolute" as const, inset: 0 },
    ".chat-message-scroller": {
      position: "absolute" as const,
      inset: 0,
      overflowY: "auto" as const,
      overflowAnchor: "none" as const,
      // Focused by a click on its text (for the keys that scroll it): a ring for the keyboard only.
      outline: "none",
      "&:focus-visible": { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: -2 },
    },
    ".chat-row": { position: "absolute" as const, top: 0, left: 0, width: "100%", contain: "layout style", ...gutters },
    ".chat-row-inner": { maxWidth: 800, marginLeft: "auto", marginRight: "auto" },
    // The streaming row: its growth per frame is laid out and painted on its own.
    ".chat-live-row": { contain: "content", ...gutters },
    // Each block of the streaming answer paints on its own: a frame repaints the block that grew, and the
    // browser reuses the recorded painting of the others.
    ".chat-live-row .chat-markdown > *": { isolation: "isolate" },
    // JumpToLatestButton: a small round button over the list's bottom edge (like MUI's small Fab). It
    // appears without an animation: one would be composited as a layer of its own, in the chunk where a
    // streaming answer outgrows the view (about a millisecond more there).
    ".chat-jump-latest": {
      position: "absolute" as const,
      left: "50%",
      bottom: 16,
      width: 40,
      height: 40,
      marginLeft: -20,
      display: "grid",
      placeItems: "center",
      padding: 0,
      border: 0,
      borderRadius: "50%",
      cursor: "pointer",
      color: theme.palette.text.primary,
      backgroundColor: theme.palette.background.paper,
      boxShadow: theme.shadows[3],
      "& svg": { width: 20, height: 20, fill: "currentColor" },
      "&:focus-visible": { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
      // On a phone, at the right: centred, it covered the last answer's actions (its thumbs), which
      // sit at the left below the answer, whenever the reader had scrolled a little way up.
      [theme.breakpoints.down("sm")]: { left: "auto", right: 16, marginLeft: 0 },
    },
    // Where JumpToLatestButton appears, whether it is shown or not: toasts stay above it (on a phone or a
    // small window they would cover the button, at the same place as the stack's).
    ".chat-jump-area": {
      position: "absolute" as const,
      left: 0,
      right: 0,
      bottom: 16,
      height: 40,
      pointerEvents: "none" as const,
    },
    // The turn just asked sits at the top of the view with room below for its answer (and keeps the
    // room once answered, so that nothing jumps when the stream ends).
    [`.${TURN_ROOM_CLASS}`]: {
      minHeight: `calc(var(--chat-view-height, 100vh) - ${TURN_TOP_GAP_PX}px)`,
    },
  };
};

const ListStyles = memo(function ListStyles() {
  return <GlobalStyles styles={listStyles} />;
});

/**
 * The conversation, virtualized: only the rows in and near the viewport are in
 * the DOM (a 300-message conversation opens as fast as a short one). It opens at
 * the end, or where the reader left it, and follows a streaming answer unless
 * the reader scrolled up.
 */
export function MessageList({ conversationId, items: allItems, fallbackAgent, busy, onAsk }: MessageListProps) {
  const { t } = useTranslation();
  // The streaming row sits after the virtualized rows, in normal flow: its growth per chunk then
  // never goes through the virtualizer (no re-measure, no re-render of the list).
  const liveItem = allItems.at(-1)?.live ? allItems.at(-1)! : null;
  const items = liveItem ? allItems.slice(0, -1) : allItems;
  const scrollRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const [place] = useState(() => scrollMemory.get(conversationId));
  // The first paint renders only the rows in view; the rows beyond it, ready for scrolling, follow
  // once the page is idle (the rest of the page, formulas, settling first).
  const [opened, setOpened] = useState(false);
  useEffect(() => whenIdle(() => setOpened(true)), []);
  const { endInView, scrollToEnd, showTurn, observeTurnContent } = useStickToBottom(
    scrollRef,
    contentRef,
    place?.atBottom ?? true,
  );
  // The turn asked last in this view (its row keeps the room below it once answered).
  const [roomKey, setRoomKey] = useState<string | null>(null);
  if (liveItem && liveItem.key !== roomKey) setRoomKey(liveItem.key);
  // Another version of that turn shown in its place (the version switcher after an edit or a
  // regenerate) keeps its room: without it the list would shrink and, the view clamped to its new
  // end, everything above would move down under the reader's pointer (hundreds of px).
  const lastItem = liveItem ? null : items.at(-1);
  if (roomKey !== null && lastItem && lastItem.key !== roomKey && lastItem.segment?.siblingIds.includes(roomKey))
    setRoomKey(lastItem.key);
  const liveStreamId = liveItem?.live?.streamId ?? null;

  const getItemKey = useItemKeys(items);
  const { virtualizer, rows, totalSize } = useMessageVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => estimateItemHeight(items[index]!, scrollRef.current?.clientWidth ?? window.innerWidth),
    getItemKey,
    overscan: opened ? OVERSCAN_ROWS : 0,
    paddingStart: 24,
    // The streaming row follows the last row directly: the virtualized row that takes its place when
    // the stream ends starts where it was (8 px higher otherwise, for a frame, until the place is kept).
    paddingEnd: liveItem ? 0 : 8,
    // The first render already shows the rows the list opens on (the end, unless the reader left it
    // elsewhere), sized for the window until the list's own box is known: no pass over the first rows.
    initialOffset: place && !place.atBottom ? place.offset : Number.MAX_SAFE_INTEGER,
    initialRect: { width: window.innerWidth, height: window.innerHeight },
    initialMeasurementsCache: place?.measurements,
  });

  useLayoutEffect(() => {
    if (!place || place.atBottom) scrollToEnd();
  }, [place, scrollToEnd]);

  // A question asked (or an answer regenerated, or a stream rejoined): its turn goes to the top.
  useLayoutEffect(() => {
    if (liveStreamId !== null) showTurn();
  }, [liveStreamId, showTurn]);

  // Remember the place for when this conversation is shown again. Noted as the reader scrolls: when
  // the list goes away its scroller is already out of the page (its scrollTop reads 0).
  useEffect(() => {
    const scroller = scrollRef.current;
    if (!scroller) return;
    let offset = scroller.scrollTop;
    const note = () => (offset = scroller.scrollTop);
    scroller.addEventListener("scroll", note, { passive: true });
    return () => {
      scroller.removeEventListener("scroll", note);
      const atBottom = endInView.getState().atEnd;
      scrollMemory.set(conversationId, { offset, atBottom, measurements: virtualizer.measurementsCache });
    };
  }, [conversationId, virtualizer, endInView]);

  /**
   * Home and End go to the first and the last message at once. The browser's own smooth scroll is
   * cancelled by the virtualizer's corrections as rows it had only estimated are measured, and
   * stopped half-way; and a focused control's row scrolled away takes the focus with it.
   */
  const jumpToEdge = (event: KeyboardEvent<HTMLDivElement>) => {
    if ((event.key !== "Home" && event.key !== "End") || event.altKey || event.shiftKey) return;
    if ((event.target as Element).closest("input, textarea, select, [contenteditable='true']")) return;
    const scroller = event.currentTarget;
    event.preventDefault();
    scroller.focus({ preventScroll: true });
    if (event.key === "End") scrollToEnd();
    else scroller.scrollTop = 0;
  };

  return (
    <div className="chat-message-list">
      <ListStyles />
      {/* Not a live region (a log's default): every chunk of a streaming answer, the stored row that replaces
          it and each row the virtualizer adds back while scrolling would be read out as new. AnswerAnnouncer
          says when an answer ends. */}
      <div
        ref={scrollRef}
        role="log"
        aria-live="off"
        aria-label={t("conversation.messages")}
        data-testid="message-list"
        className="chat-message-scroller"
        // A click on the text focuses the list, so that the arrow, page and Home / End keys scroll it
        // (the page's <main> around it would take the focus otherwise, and nothing would scroll).
        tabIndex={-1}
        onKeyDown={jumpToEdge}
      >
        <div ref={contentRef}>
          <div style={{ position: "relative", width: "100%", height: totalSize }}>
            {rows.map((row) => {
              const item = items[row.index]!;
              return (
                <div
                  key={row.key}
                  ref={virtualizer.measureElement}
                  data-index={row.index}
                  className={row.key === roomKey ? `chat-row ${TURN_ROOM_CLASS}` : "chat-row"}
                  style={{ transform: `translateY(${row.start}px)` }}
                >
                  <div className="chat-row-inner">
                    <SegmentRow
                      conversationId={conversationId}
                      segment={item.segment}
                      live={item.live}
                      fallbackAgent={fallbackAgent}
                      busy={busy}
                      onAsk={onAsk}
                    />
                  </div>
                </div>
              );
            })}
          </div>
          {liveItem && (
            <div className={`chat-live-row ${TURN_ROOM_CLASS}`}>
              <div className="chat-row-inner" ref={observeTurnContent}>
                <SegmentRow
                  conversationId={conversationId}
                  segment={liveItem.segment}
                  live={liveItem.live}
                  fallbackAgent={fallbackAgent}
                  busy={busy}
                  onAsk={onAsk}
                />
              </div>
            </div>
          )}
        </div>
      </div>
      <div className="chat-jump-area" data-toasts-above aria-hidden />
      <JumpToLatestButton endInView={endInView} onClick={scrollToEnd} />
    </div>
  );
}
