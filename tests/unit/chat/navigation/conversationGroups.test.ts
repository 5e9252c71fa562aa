import { describe, expect, it } from "vitest";
import {
  conversationGroupOf,
  groupConversations,
} from "../../../../src/chat/navigation/conversations/conversationGroups";

// Local time throughout: the groups follow the user's calendar days.
const now = new Date(2025, 5, 15, 9, 30); // 15 June 2025, 09:30
const at = (month: number, day: number, hour = 12, year = 2025) => new Date(year, month, day, hour);

describe("conversationGroupOf (spec §9 conversation groups)", () => {
  it.each([
    ["earlier today", at(5, 15, 0), { kind: "today" }],
    ["later today (clock skew)", at(5, 15, 23), { kind: "today" }],
    ["in the future", at(5, 20), { kind: "today" }],
    ["yesterday just before midnight", new Date(2025, 5, 14, 23, 59), { kind: "yesterday" }],
    ["yesterday just after midnight", new Date(2025, 5, 14, 0, 1), { kind: "yesterday" }],
    ["two days ago", at(5, 13), { kind: "previous7Days" }],
    ["seven days ago", at(5, 8, 0), { kind: "previous7Days" }],
    ["eight days ago", at(5, 7, 23), { kind: "previous30Days" }],
    ["thirty days ago", at(4, 16, 0), { kind: "previous30Days" }],
    ["thirty-one days ago", at(4, 15, 23), { kind: "month", month: 4 }],
    ["in March", at(2, 3), { kind: "month", month: 2 }],
    ["on 1 January", at(0, 1, 0), { kind: "month", month: 0 }],
    ["on 31 December last year", at(11, 31, 23, 2024), { kind: "year", year: 2024 }],
    ["years ago", at(6, 4, 12, 2021), { kind: "year", year: 2021 }],
  ])("puts a conversation updated %s in its group", (_label, date, expected) => {
    expect(conversationGroupOf(date, now)).toEqual(expected);
  });

  it("uses the previous year's dates for Previous 7 / 30 Days early in January", () => {
    const newYear = new Date(2026, 0, 3, 8);
    expect(conversationGroupOf(new Date(2026, 0, 2, 22), newYear)).toEqual({ kind: "yesterday" });
    expect(conversationGroupOf(new Date(2025, 11, 30), newYear)).toEqual({ kind: "previous7Days" });
    expect(conversationGroupOf(new Date(2025, 11, 10), newYear)).toEqual({ kind: "previous30Days" });
    expect(conversationGroupOf(new Date(2025, 10, 20), newYear)).toEqual({ kind: "year", year: 2025 });
  });
});

describe("groupConversations", () => {
  it("keeps the list's order inside groups and the groups in order of appearance", () => {
    const items = [
      { id: "a", updatedAt: at(5, 15, 8).toISOString() },
      { id: "b", updatedAt: at(5, 15, 7).toISOString() },
      { id: "c", updatedAt: at(5, 14).toISOString() },
      { id: "d", updatedAt: at(5, 10).toISOString() },
      { id: "e", updatedAt: at(5, 1).toISOString() },
      { id: "f", updatedAt: at(3, 2).toISOString() },
      { id: "g", updatedAt: at(1, 20).toISOString() },
      { id: "h", updatedAt: at(1, 2).toISOString() },
      { id: "i", updatedAt: at(8, 9, 12, 2024).toISOString() },
      { id: "j", updatedAt: at(2, 9, 12, 2023).toISOString() },
    ];
    const groups = groupConversations(items, now);
    expect(groups.map((group) => [group.id, group.items.map((item) => item.id).join("")])).toEqual([
      ["today", "ab"],
      ["yesterday", "c"],
      ["previous7Days", "d"],
      ["previous30Days", "e"],
      ["month-3", "f"],
      ["month-1", "gh"],
      ["year-2024", "i"],
      ["year-2023", "j"],
    ]);
  });

  it("returns no groups for no conversations", () => {
    expect(groupConversations([], now)).toEqual([]);
  });
});
