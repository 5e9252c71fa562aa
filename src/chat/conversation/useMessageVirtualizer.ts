import {
  Virtualizer,
  elementScroll,
  observeElementOffset,
  observeElementRect,
  type PartialKeys,
  type VirtualItem,
  type VirtualizerOptions,
} from "@tanstack/react-virtual";
import { useLayoutEffect, useReducer, useState } from "react";
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
  // Read and written by the virtualizer's callbacks and the layout effect, never for rendering.
  const [tracking] = useState(() => ({
    /** What the committed render shows, for onChange to compare with. */
    shown: null as { items: VirtualItem[]; totalSize: number } | null,
    /** A measurement from a ref callback happens during React's commit, where flushSync may not run. */
    measuringFromRef: false,
  }));
  const resolved: VirtualizerOptions<HTMLDivElement, Element> = {
    observeElementRect,
    observeElementOffset,
    scrollToFn: elementScroll,
    ...options,
    onChange: (instance, sync) => {
      if (tracking.shown && sameRows(tracking.shown, instance.getVirtualItems(), instance.getTotalSize())) return;
      if (sync && !tracking.measuringFromRef) flushSync(rerender);
      else rerender();
    },
  };
  const [instance] = useState(() => {
    const virtualizer = new Virtualizer(resolved);
    const measureElement = virtualizer.measureElement;
    virtualizer.measureElement = (node) => {
      tracking.measuringFromRef = true;
      try {
        measureElement(node);
      } finally {
        tracking.measuringFromRef = false;
      }
    };
    return virtualizer;
  });
  instance.setOptions(resolved);
  useLayoutEffect(() => instance._didMount(), [instance]);
  useLayoutEffect(() => instance._willUpdate());
  const rows = instance.getVirtualItems();
  const totalSize = instance.getTotalSize();
  useLayoutEffect(() => {
    tracking.shown = { items: rows, totalSize };
  });
  return { virtualizer: instance, rows, totalSize };
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
