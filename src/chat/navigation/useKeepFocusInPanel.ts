import { type RefObject, useEffect } from "react";

/** The attribute that marks a list's rows (a conversation, an agent) for useKeepFocusInPanel. */
export const ROW_ID_ATTRIBUTE = "data-row-id";

/**
 * A row that leaves its list while it holds the keyboard's focus (archived, unarchived, deleted,
 * unpinned) takes the focus with it to the page's start. Instead, the row that took its place
 * takes it, else the one before, else the panel itself, which then shows the list's empty
 * message. Rows are the elements with `data-row-id`; the first enabled button of a row is focused.
 */
export function useKeepFocusInPanel(panel: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const node = panel.current;
    if (!node) return;
    let focused: { row: Element; next: Element | null; previous: Element | null } | null = null;
    const onFocusIn = (event: FocusEvent) => {
      const row = event.target instanceof Element ? event.target.closest(`[${ROW_ID_ATTRIBUTE}]`) : null;
      if (!row) return;
      const rows = [...node.querySelectorAll(`[${ROW_ID_ATTRIBUTE}]`)];
      const index = rows.indexOf(row);
      focused = { row, next: rows[index + 1] ?? null, previous: rows[index - 1] ?? null };
    };
    const observer = new MutationObserver(() => {
      if (!focused || focused.row.isConnected) return;
      const left = focused;
      focused = null;
      const active = document.activeElement;
      if (active !== null && active !== document.body) return;
      const row = [left.next, left.previous].find((candidate) => candidate?.isConnected);
      (row?.querySelector<HTMLElement>("button:not(:disabled)") ?? node).focus();
    });
    node.addEventListener("focusin", onFocusIn);
    observer.observe(node, { childList: true, subtree: true });
    return () => {
      node.removeEventListener("focusin", onFocusIn);
      observer.disconnect();
    };
  }, [panel]);
}
