import type { ConversationListRow } from "./conversationRows";

/** The keys that move the focus between the conversation rows. */
export type RowKey = "ArrowDown" | "ArrowUp" | "Home" | "End";

export const isRowKey = (key: string): key is RowKey =>
  key === "ArrowDown" || key === "ArrowUp" || key === "Home" || key === "End";

/** The first conversation row (not a group heading) from `start` on, going by `step`; undefined past the end. */
export function nextConversationRow(
  rows: readonly ConversationListRow[],
  start: number,
  step: 1 | -1,
): number | undefined {
  for (let index = start; index >= 0 && index < rows.length; index += step)
    if (rows[index]!.type === "conversation") return index;
  return undefined;
}

/**
 * The index of the conversation row that `key` takes the focus to from the row at `from`: the next or
 * previous one past any heading, or the first or last loaded. At either end it stays at `from`: the
 * focus does not wrap (a wrap would jump over the pages not loaded yet).
 */
export function rowIndexForKey(rows: readonly ConversationListRow[], from: number, key: RowKey): number {
  const target = {
    ArrowDown: () => nextConversationRow(rows, from + 1, 1),
    ArrowUp: () => nextConversationRow(rows, from - 1, -1),
    Home: () => nextConversationRow(rows, 0, 1),
    End: () => nextConversationRow(rows, rows.length - 1, -1),
  }[key]();
  return target ?? from;
}
