import { differenceInCalendarDays } from "date-fns";

/**
 * Spec §9 conversation groups: Today, Yesterday, Previous 7 Days, Previous 30
 * Days, then one group per month of the current year, then one per year.
 */
export type ConversationGroupKey =
  | { kind: "today" }
  | { kind: "yesterday" }
  | { kind: "previous7Days" }
  | { kind: "previous30Days" }
  /** month: 0–11 of the current year. */
  | { kind: "month"; month: number }
  | { kind: "year"; year: number };

export interface ConversationGroup<T> {
  /** Stable id of the group, e.g. "today", "month-2", "year-2023". */
  id: string;
  key: ConversationGroupKey;
  items: T[];
}

/** The group of one date, compared in local time with `now`. A date in the future counts as today. */
export function conversationGroupOf(date: Date, now: Date): ConversationGroupKey {
  const daysAgo = differenceInCalendarDays(now, date);
  if (daysAgo <= 0) return { kind: "today" };
  if (daysAgo === 1) return { kind: "yesterday" };
  if (daysAgo <= 7) return { kind: "previous7Days" };
  if (daysAgo <= 30) return { kind: "previous30Days" };
  if (date.getFullYear() === now.getFullYear()) return { kind: "month", month: date.getMonth() };
  return { kind: "year", year: date.getFullYear() };
}

function groupId(key: ConversationGroupKey): string {
  if (key.kind === "month") return `month-${key.month}`;
  if (key.kind === "year") return `year-${key.year}`;
  return key.kind;
}

/**
 * Groups conversations by their updatedAt, keeping the list's order (newest
 * first from the server) inside each group and the groups in order of first appearance.
 */
export function groupConversations<T extends { updatedAt: string }>(
  items: readonly T[],
  now: Date,
): ConversationGroup<T>[] {
  const groups = new Map<string, ConversationGroup<T>>();
  for (const item of items) {
    const key = conversationGroupOf(new Date(item.updatedAt), now);
    const id = groupId(key);
    const group = groups.get(id);
    if (group) group.items.push(item);
    else groups.set(id, { id, key, items: [item] });
  }
  return [...groups.values()];
}
