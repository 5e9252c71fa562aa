import { describe, expect, it } from "vitest";
import { rowIndexForKey } from "../../../../src/chat/navigation/conversations/conversationRowKeys";
import { groupConversations } from "../../../../src/chat/navigation/conversations/conversationGroups";
import { toListRows } from "../../../../src/chat/navigation/conversations/conversationRows";
import { conversation, daysAgo } from "./navigationFixtures";

const now = new Date(2025, 5, 15, 12);
// [Today, a, b, Yesterday, c, Previous 7 Days, d]
const rows = toListRows(
  groupConversations(
    [
      conversation("a", daysAgo(0, now)),
      conversation("b", daysAgo(0, now)),
      conversation("c", daysAgo(1, now)),
      conversation("d", daysAgo(3, now)),
    ],
    now,
  ),
);
const titleAt = (index: number) => {
  const row = rows[index];
  return row?.type === "conversation" ? row.conversation.title : row?.type;
};
const indexOf = (title: string) =>
  rows.findIndex((row) => row.type === "conversation" && row.conversation.title === title);

describe("rowIndexForKey", () => {
  it("steps over the group headings", () => {
    expect(rows.map((row) => row.type)).toEqual([
      "header",
      "conversation",
      "conversation",
      "header",
      "conversation",
      "header",
      "conversation",
    ]);
    expect(titleAt(rowIndexForKey(rows, indexOf("b"), "ArrowDown"))).toBe("c");
    expect(titleAt(rowIndexForKey(rows, indexOf("d"), "ArrowUp"))).toBe("c");
    expect(titleAt(rowIndexForKey(rows, indexOf("c"), "ArrowUp"))).toBe("b");
  });

  it("goes to the first and the last conversation, not to a heading", () => {
    expect(titleAt(rowIndexForKey(rows, indexOf("c"), "Home"))).toBe("a");
    expect(titleAt(rowIndexForKey(rows, indexOf("a"), "End"))).toBe("d");
  });

  it("does not wrap at either end", () => {
    expect(titleAt(rowIndexForKey(rows, indexOf("a"), "ArrowUp"))).toBe("a");
    expect(titleAt(rowIndexForKey(rows, indexOf("d"), "ArrowDown"))).toBe("d");
  });
});
