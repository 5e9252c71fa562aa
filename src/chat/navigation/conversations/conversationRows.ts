import type { ConversationSummary } from "../../queries/chatTypes";
import type { ConversationGroup } from "./conversationGroups";

/** Spec §9: list row height 38. */
export const CONVERSATION_ROW_HEIGHT = 38;
export const GROUP_HEADER_HEIGHT = 32;
/** The first header needs no gap above it. */
export const FIRST_GROUP_HEADER_HEIGHT = 24;

export type ConversationListRow =
  | { type: "header"; id: string; group: ConversationGroup<ConversationSummary>; first: boolean }
  | { type: "conversation"; id: string; conversation: ConversationSummary };

/** Flattens the date groups into the rows the virtual list lays out: a header, then its conversations. */
export function toListRows(groups: ConversationGroup<ConversationSummary>[]): ConversationListRow[] {
  return groups.flatMap((group, index) => [
    { type: "header" as const, id: `group-${group.id}`, group, first: index === 0 },
    ...group.items.map((conversation) => ({
      type: "conversation" as const,
      id: conversation.conversationId,
      conversation,
    })),
  ]);
}

export function rowHeight(row: ConversationListRow): number {
  if (row.type === "conversation") return CONVERSATION_ROW_HEIGHT;
  return row.first ? FIRST_GROUP_HEADER_HEIGHT : GROUP_HEADER_HEIGHT;
}

/** The heading of the group that the row at `firstVisible` belongs to: the last heading at or before it. */
export function stickyHeaderIndex(rows: readonly ConversationListRow[], firstVisible: number): number | undefined {
  for (let index = Math.min(firstVisible, rows.length - 1); index >= 0; index--) if (rows[index]!.type === "header") return index;
  return undefined;
}
