import { describe, expect, it } from "vitest";
import { newestLeafUnder, pathTo, siblingsOf } from "../../../../src/server/features/userConversations/segmentTree";

const at = (n: number) => new Date(2026, 0, 1, 0, 0, n);
// a → b → c ; a → b2 (an edited second question) → d
const segments = [
  { conversationSegmentId: "a", parentSegmentId: null, createdAt: at(1) },
  { conversationSegmentId: "b", parentSegmentId: "a", createdAt: at(2) },
  { conversationSegmentId: "c", parentSegmentId: "b", createdAt: at(3) },
  { conversationSegmentId: "b2", parentSegmentId: "a", createdAt: at(4) },
  { conversationSegmentId: "d", parentSegmentId: "b2", createdAt: at(5) },
];

describe("segment tree", () => {
  it("walks from the root to the selected leaf", () => {
    expect(pathTo(segments, "c").map((s) => s.conversationSegmentId)).toEqual(["a", "b", "c"]);
    expect(pathTo(segments, "d").map((s) => s.conversationSegmentId)).toEqual(["a", "b2", "d"]);
    expect(pathTo(segments, "missing")).toEqual([]);
    expect(pathTo(segments, null)).toEqual([]);
  });

  it("finds the newest leaf below a branch point", () => {
    expect(newestLeafUnder(segments, "a")).toBe("d");
    expect(newestLeafUnder(segments, "b")).toBe("c");
    expect(newestLeafUnder(segments, "c")).toBe("c");
  });

  it("lists siblings oldest first, roots included", () => {
    expect(siblingsOf(segments, "b2")).toEqual(["b", "b2"]);
    expect(siblingsOf(segments, "a")).toEqual(["a"]);
    expect(siblingsOf(segments, "zzz")).toEqual([]);
  });

  it("survives a corrupt cycle", () => {
    const cyclic = [
      { conversationSegmentId: "x", parentSegmentId: "y", createdAt: at(1) },
      { conversationSegmentId: "y", parentSegmentId: "x", createdAt: at(2) },
    ];
    expect(pathTo(cyclic, "x").map((s) => s.conversationSegmentId)).toEqual(["y", "x"]);
  });
});
