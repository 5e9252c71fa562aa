/** The conversation groups' "today" moves on at local midnight while the list stays open. */
import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { conversationGroupOf } from "../../../../src/chat/navigation/conversations/conversationGroups";
import { useCurrentDay } from "../../../../src/chat/navigation/conversations/useCurrentDay";

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date(2026, 2, 10, 23, 59, 58));
});
afterEach(() => vi.useRealTimers());

describe("useCurrentDay", () => {
  it("is today's local midnight and renews itself at the next local midnight", () => {
    const { result } = renderHook(() => useCurrentDay());
    expect(result.current).toEqual(new Date(2026, 2, 10));
    const updatedLateEvening = new Date(2026, 2, 10, 23, 30);
    expect(conversationGroupOf(updatedLateEvening, result.current)).toEqual({ kind: "today" });

    act(() => vi.advanceTimersByTime(1_000));
    expect(result.current).toEqual(new Date(2026, 2, 10));

    act(() => vi.advanceTimersByTime(1_000));
    expect(result.current).toEqual(new Date(2026, 2, 11));
    expect(conversationGroupOf(updatedLateEvening, result.current)).toEqual({ kind: "yesterday" });

    // And again a whole day later.
    act(() => vi.advanceTimersByTime(24 * 60 * 60 * 1000));
    expect(result.current).toEqual(new Date(2026, 2, 12));
  });

  it("leaves no timer behind when unmounted", () => {
    const { unmount } = renderHook(() => useCurrentDay());
    expect(vi.getTimerCount()).toBe(1);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
