import Box from "@mui/material/Box";
import { useVirtualizer } from "@tanstack/react-virtual";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { MessageItem } from "./buildMessageItems";
import type { GptSystemReference } from "./conversationTypes";
import { JumpToLatestButton } from "./JumpToLatestButton";
import { scrollMemory } from "./scrollMemory";
import { SegmentRow } from "./SegmentRow";
import type { AskRequest } from "./useAsk";
import { useStickToBottom } from "./useStickToBottom";

export interface MessageListProps {
  conversationId: string | null;
  items: MessageItem[];
  fallbackAgent: Pick<GptSystemReference, "gptSystemId" | "name"> | null;
  busy: boolean;
  onAsk(request: AskRequest): void;
}

/** Guess before a row is measured; real heights replace it as rows render. */
const ESTIMATED_ROW_PX = 260;

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
  const { atBottom, scrollToEnd } = useStickToBottom(scrollRef, contentRef, place?.atBottom ?? true);

  // eslint-disable-next-line react-hooks/incompatible-library -- rows are memoized by hand (SegmentRow), not by the compiler
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ESTIMATED_ROW_PX,
    getItemKey: (index) => items[index]!.key,
    overscan: 3,
    paddingStart: 24,
    paddingEnd: 8,
    initialOffset: place && !place.atBottom ? place.offset : undefined,
    initialMeasurementsCache: place?.measurements,
  });

  useLayoutEffect(() => {
    if (!place || place.atBottom) scrollToEnd();
  }, [place, scrollToEnd]);

  // Remember the place for when this conversation is shown again (read once, when leaving it).
  useEffect(() => {
    const scroller = scrollRef.current;
    return () => {
      if (!scroller) return;
      scrollMemory.set(conversationId, {
        offset: scroller.scrollTop,
        atBottom: scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight <= 48,
        measurements: virtualizer.measurementsCache,
      });
    };
  }, [conversationId, virtualizer]);

  const rows = virtualizer.getVirtualItems();
  return (
    <Box sx={{ position: "absolute", inset: 0 }}>
      <Box
        ref={scrollRef}
        role="log"
        aria-label={t("conversation.messages")}
        data-testid="message-list"
        sx={{
          position: "absolute",
          inset: 0,
          overflowY: "auto",
          overflowAnchor: "none",
          // Plain class names for the rows: they re-render as the last one grows, sx would be reprocessed each time.
          "& .chat-row": {
            position: "absolute",
            top: 0,
            left: 0,
            width: "100%",
            px: { xs: 2, sm: 3 },
            contain: "layout style",
          },
          "& .chat-row-inner": { maxWidth: 800, mx: "auto" },
          "& .chat-live-row": { px: { xs: 2, sm: 3 }, contain: "content" },
        }}
      >
        <div ref={contentRef}>
          <div style={{ position: "relative", width: "100%", height: virtualizer.getTotalSize() }}>
            {rows.map((row) => {
              const item = items[row.index]!;
              return (
                <div
                  key={row.key}
                  ref={virtualizer.measureElement}
                  data-index={row.index}
                  className="chat-row"
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
            <div className="chat-live-row">
              <div className="chat-row-inner">
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
      </Box>
      <JumpToLatestButton visible={!atBottom} onClick={scrollToEnd} />
    </Box>
  );
}
