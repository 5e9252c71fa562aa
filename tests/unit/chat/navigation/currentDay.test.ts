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

  // A sleeping computer: the wall clock jumps on while timers stand still (fake timers shift with setSystemTime).
  const sleepUntil = (wake: Date) => vi.setSystemTime(wake);

  it("follows the wall clock within a minute after the computer slept past midnight", () => {
    vi.setSystemTime(new Date(2026, 2, 10, 23, 0));
    const { result } = renderHook(() => useCurrentDay());
    sleepUntil(new Date(2026, 2, 11, 7, 30));
    expect(result.current).toEqual(new Date(2026, 2, 10));
    act(() => vi.advanceTimersByTime(60_000));
    expect(result.current).toEqual(new Date(2026, 2, 11));
  });

  it("reads the day again when the page is shown or focused again", () => {
    vi.setSystemTime(new Date(2026, 2, 10, 23, 0));
    const { result } = renderHook(() => useCurrentDay());
    sleepUntil(new Date(2026, 2, 11, 7, 30));
    act(() => void document.dispatchEvent(new Event("visibilitychange")));
    expect(result.current).toEqual(new Date(2026, 2, 11));

    sleepUntil(new Date(2026, 2, 12, 7, 30));
    act(() => void window.dispatchEvent(new Event("focus")));
    expect(result.current).toEqual(new Date(2026, 2, 12));
  });

  it("keeps the same Date while the day has not changed", () => {
    const { result } = renderHook(() => useCurrentDay());
    const first = result.current;
    act(() => void window.dispatchEvent(new Event("focus")));
    expect(result.current).toBe(first);
  });

  it("leaves no timer behind when unmounted", () => {
    const { unmount } = renderHook(() => useCurrentDay());
    expect(vi.getTimerCount()).toBe(1);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
    // Nor a listener: one left behind would start a new timer on focus.
    window.dispatchEvent(new Event("focus"));
    expect(vi.getTimerCount()).toBe(0);
  });
});
