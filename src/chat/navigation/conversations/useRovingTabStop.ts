import type { VirtualItem } from "@tanstack/react-virtual";
import { type FocusEvent, useMemo, useState } from "react";
import { ROW_ID_ATTRIBUTE } from "../useKeepFocusInPanel";
import type { ConversationListRow } from "./conversationRows";
import { nextConversationRow } from "./conversationRowKeys";

interface RowFocus {
  /** The conversation row focused last. */
  id: string | null;
  /** Whether the focus is in the list now (a row's menu and dialogs, in portals, are not). */
  inside: boolean;
}

/**
 * The list's one Tab stop (roving tabindex), so that Tab goes past thousands of conversations at once:
 * while the focus is in the list, the row that has it; else the current conversation's row, else the
 * row focused last, else the first (`inWindow` tells which of the rendered rows it is). Also which row
 * has the focus now (null when it is outside), which the list keeps rendered while scrolled away.
 * Put `onFocus` and `onBlur` on the list.
 */
export function useRovingTabStop(rows: readonly ConversationListRow[], currentConversationId: string | null) {
  const [focus, setFocus] = useState<RowFocus>({ id: null, inside: false });
  const conversationIds = useMemo(
    () => new Set(rows.flatMap((row) => (row.type === "conversation" ? [row.id] : []))),
    [rows],
  );
  const listed = (id: string | null): id is string => id !== null && conversationIds.has(id);
  const firstFrom = (index: number) => rows[nextConversationRow(rows, index, 1) ?? -1]?.id ?? null;

  let tabStopId = firstFrom(0);
  if (focus.inside && listed(focus.id)) tabStopId = focus.id;
  else if (listed(currentConversationId)) tabStopId = currentConversationId;
  else if (listed(focus.id)) tabStopId = focus.id;

  return {
    focusedId: focus.inside ? focus.id : null,
    /**
     * The Tab stop among the rendered rows (`items`, keyed by row id). One scrolled out of the window
     * is not there to take the focus, and Tab would skip the list: the first row in view (from
     * `firstVisible`) stands in for it, so that Tab comes in where the reader is looking, not back at
     * a row far away. The focused row is kept rendered, so it never needs a stand-in.
     */
    inWindow: (items: readonly VirtualItem[], firstVisible: number) =>
      items.some((item) => item.key === tabStopId) ? tabStopId : firstFrom(firstVisible),
    onFocus: (event: FocusEvent<HTMLElement>) => {
      const row = event.target.closest(`[${ROW_ID_ATTRIBUTE}]`);
      if (!row || !event.currentTarget.contains(row)) return;
      const id = row.getAttribute(ROW_ID_ATTRIBUTE);
      setFocus((previous) => (previous.inside && previous.id === id ? previous : { id, inside: true }));
    },
    onBlur: (event: FocusEvent<HTMLElement>) => {
      if (event.currentTarget.contains(event.relatedTarget)) return;
      setFocus((previous) => (previous.inside ? { ...previous, inside: false } : previous));
    },
  };
}
