import { renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { useItemKeys } from "../../../../src/chat/conversation/useItemKeys";

describe("the message list's row keys", () => {
  it("stay the same function while the rows are the same, so the virtualizer keeps its measurements", () => {
    const { result, rerender } = renderHook(({ items }) => useItemKeys(items), {
      initialProps: { items: [{ key: "a" }, { key: "b" }] },
    });
    const first = result.current;
    expect([first(0), first(1)]).toEqual(["a", "b"]);
    // A new array of new objects with the same keys: a stream starting or ending.
    rerender({ items: [{ key: "a" }, { key: "b" }] });
    expect(result.current).toBe(first);
  });

  it("change when a row is added, removed or replaced", () => {
    const { result, rerender } = renderHook(({ items }) => useItemKeys(items), {
      initialProps: { items: [{ key: "a" }, { key: "b" }] },
    });
    const first = result.current;
    rerender({ items: [{ key: "a" }, { key: "c" }] });
    expect(result.current).not.toBe(first);
    expect(result.current(1)).toBe("c");
    const second = result.current;
    rerender({ items: [{ key: "a" }, { key: "c" }, { key: "d" }] });
    expect(result.current).not.toBe(second);
    expect(result.current(2)).toBe("d");
  });
});
