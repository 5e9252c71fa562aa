import type { Virtualizer } from "@tanstack/react-virtual";
import { type KeyboardEvent, type RefObject, useEffect, useRef } from "react";
import { ROW_ID_ATTRIBUTE } from "../useKeepFocusInPanel";
import type { ConversationListRow } from "./conversationRows";
import { isRowKey, rowIndexForKey } from "./conversationRowKeys";

export interface RowArrowKeysOptions {
  rows: readonly ConversationListRow[];
  /** The list element: the rows' buttons are looked for in it. */
  listRef: RefObject<HTMLElement | null>;
  virtualizer: Pick<Virtualizer<HTMLDivElement, Element>, "scrollToIndex">;
  /** While a row's menu is open its keys are the menu's (they reach the list through React's portal). */
  disabled: boolean;
}

/** A rendered row's main button: the first in it (the options button comes after it). */
function rowButton(list: HTMLElement | null, id: string): HTMLElement | null {
  const rows = list?.querySelectorAll<HTMLElement>(`[${ROW_ID_ATTRIBUTE}]`) ?? [];
  const row = [...rows].find((element) => element.getAttribute(ROW_ID_ATTRIBUTE) === id);
  return row?.querySelector<HTMLElement>("button") ?? null;
}

/**
 * The list's arrow keys, returned as its `onKeyDown`: ArrowDown / ArrowUp move the focus to the next /
 * previous conversation row past the group headings, Home / End to the first / last loaded one, with no
 * wrap. The virtualizer scrolls the row into view; one outside the rendered window is focused once the
 * scroll has rendered it (reaching the last rows loads the next page, as scrolling there does).
 */
export function useRowArrowKeys({ rows, listRef, virtualizer, disabled }: RowArrowKeysOptions) {
  // The row the focus is on its way to (`to`), from the row that still has it (`from`): a held arrow
  // counts from `to`. Once the focus is elsewhere, it is forgotten.
  const pending = useRef<{ from: string; to: string } | null>(null);

  useEffect(() => {
    const id = pending.current?.to;
    if (id === undefined) return;
    if (!rows.some((row) => row.id === id)) {
      pending.current = null; // Gone meanwhile (deleted, or a new search): the focus stays where it is.
      return;
    }
    const button = rowButton(listRef.current, id);
    if (!button) return;
    pending.current = null;
    // The virtualizer has scrolled it just into view, clear of the sticky heading; a browser's own
    // scroll on focus may centre it instead, and the list would jump at each step.
    button.focus({ preventScroll: true });
  });

  return (event: KeyboardEvent<HTMLElement>) => {
    const { key, target } = event;
    if (disabled || !isRowKey(key) || event.defaultPrevented) return;
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    // Only from a row's buttons: the title field keeps its keys for the caret, a dialog in a portal its own.
    if (!(target instanceof HTMLButtonElement) || !event.currentTarget.contains(target)) return;
    const focusedId = target.closest(`[${ROW_ID_ATTRIBUTE}]`)?.getAttribute(ROW_ID_ATTRIBUTE);
    if (!focusedId) return;
    const fromId = pending.current?.from === focusedId ? pending.current.to : focusedId;
    const from = rows.findIndex((row) => row.id === fromId);
    if (from < 0) return;
    // Also at either end: the arrows would scroll the list away from the focused row.
    event.preventDefault();
    const to = rowIndexForKey(rows, from, key);
    const id = rows[to]!.id;
    virtualizer.scrollToIndex(to);
    const button = rowButton(event.currentTarget, id);
    pending.current = button ? null : { from: focusedId, to: id };
    button?.focus({ preventScroll: true });
  };
}
