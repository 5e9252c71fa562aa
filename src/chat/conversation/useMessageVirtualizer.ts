import {
  Virtualizer,
  elementScroll,
  observeElementOffset,
  observeElementRect,
  type PartialKeys,
  type VirtualItem,
  type VirtualizerOptions,
} from "@tanstack/react-virtual";
import { useLayoutEffect, useReducer, useRef, useState } from "react";
import { flushSync } from "react-dom";

type Options = PartialKeys<
  VirtualizerOptions<HTMLDivElement, Element>,
  "observeElementRect" | "observeElementOffset" | "scrollToFn"
>;

/**
 * useVirtualizer (@tanstack/react-virtual), except that the list re-renders
 * only when what it shows changes (which rows, their sizes), not whenever the
 * virtualizer notifies: while an answer streams, the list is scrolled on every
 * frame and each scroll event would otherwise re-render the whole list.
 */
export function useMessageVirtualizer(options: Options): {
  virtualizer: Virtualizer<HTMLDivElement, Element>;
  rows: VirtualItem[];
  totalSize: number;
} {
  const [, rerender] = useReducer((count: number) => count + 1, 0);
  // Read and written by the virtualizer's callbacks and a layout effect, never for rendering.
  const tracking = useRef({
    /** What the committed render shows, for onChange to compare with. */
    shown: null as { items: VirtualItem[]; totalSize: number } | null,
    /** A measurement from a ref callback happens during React's commit, where flushSync may not run. */
    measuringFromRef: false,
  });
  const resolved: VirtualizerOptions<HTMLDivElement, Element> = {
    observeElementRect,
    observeElementOffset,
    scrollToFn: elementScroll,
    ...options,
    onChange: (instance, sync) => {
      if (
        tracking.current.shown &&
        sameRows(tracking.current.shown, instance.getVirtualItems(), instance.getTotalSize())
      )
        return;
      if (sync && !tracking.current.measuringFromRef) flushSync(rerender);
      else rerender();
    },
  };
  // The virtualizer is imperative: its callbacks (not the render) read the refs above.
  // eslint-disable-next-line react-hooks/refs -- see above
  const [instance] = useState(() => {
    const virtualizer = new Virtualizer(resolved);
    virtualizer.shouldAdjustScrollPositionOnItemSizeChange = keepsRowsInView;
    const measureElement = virtualizer.measureElement;
    virtualizer.measureElement = (node) => {
      tracking.current.measuringFromRef = true;
      try {
        measureElement(node);
      } finally {
        tracking.current.measuringFromRef = false;
      }
    };
    return virtualizer;
  });
  // eslint-disable-next-line react-hooks/refs -- see above
  instance.setOptions(resolved);
  useLayoutEffect(() => instance._didMount(), [instance]);
  useLayoutEffect(() => {
    const attached = instance.scrollElement;
    instance._willUpdate();
    // Just attached, the virtualizer has written its initial offset (the list's end: a huge number)
    // and learns the real one from the scroll event that follows. A list that fits in its view does
    // not move, so no event comes: the virtualizer would keep the huge offset, count every row it
    // measures for the first time (a branch switched to) as above the view and scroll by the
    // difference, clamped; and retry that scroll, to the end, whenever the list grows (the 8 px
    // of a stream's end, a taller branch). Where the element is, is where the virtualizer is.
    const element = instance.scrollElement;
    // eslint-disable-next-line react-hooks/immutability -- the virtualizer is imperative (see above)
    if (element && element !== attached) instance.scrollOffset = element.scrollTop;
  });
  const rows = instance.getVirtualItems();
  const totalSize = instance.getTotalSize();
  useLayoutEffect(() => {
    tracking.current.shown = { items: rows, totalSize };
  });
  return { virtualizer: instance, rows, totalSize };
}

/**
 * The virtualizer's own rule (which moves the view by a row's change in size, so that the rows in view
 * keep their place), except for the last row measured the first time while it reaches above the view:
 * no row follows it that could move, and the reader is in it. That is the turn whose answer just
 * streamed, once its stored copy takes the streaming row's place: moving the view by the difference
 * from its estimate moved the text under the reader by 30–180 px at the stream's end or on Stop.
 */
function keepsRowsInView(item: VirtualItem, _delta: number, instance: Virtualizer<HTMLDivElement, Element>): boolean {
  const offset = instance.scrollOffset ?? 0;
  if (instance.itemSizeCache.has(item.key)) return item.end <= offset && instance.scrollDirection !== "backward";
  return item.start < offset && item.index < instance.options.count - 1;
}

function sameRows(
  shown: { items: VirtualItem[]; totalSize: number },
  items: VirtualItem[],
  totalSize: number,
): boolean {
  if (shown.totalSize !== totalSize || shown.items.length !== items.length) return false;
  return items.every((item, i) => {
    const before = shown.items[i]!;
    return before.key === item.key && before.start === item.start && before.size === item.size;
  });
}
