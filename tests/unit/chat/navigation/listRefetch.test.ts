/** Aborting an answer by leaving its conversation refetches the lists once, 1 s later (spec §2, §9). */
import { QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { abortRunningResponse } from "../../../../src/chat/navigation/abortRunningResponse";
import { chatActions, chatStore, initialChatState } from "../../../../src/chat/state/chatStore";
import { LIST_REFETCH_DELAY_MS, refetchListsLater } from "../../../../src/chat/stream/reloadConversation";

let queryClient: QueryClient;
let invalidate: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  vi.useFakeTimers();
  queryClient = new QueryClient();
  invalidate = vi.spyOn(queryClient, "invalidateQueries").mockResolvedValue();
});
afterEach(() => {
  vi.useRealTimers();
  chatStore.setState(initialChatState);
});

describe("list refetch after an abort", () => {
  it("runs once when both the navigation and the aborted stream ask for it", () => {
    const stream = new AbortController();
    chatActions.beginStream(stream);
    abortRunningResponse(queryClient);
    // What the aborted stream's own abort path (askQuestion) asks for as well.
    refetchListsLater(queryClient);
    expect(stream.signal.aborted).toBe(true);

    vi.advanceTimersByTime(LIST_REFETCH_DELAY_MS - 1);
    expect(invalidate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(invalidate).toHaveBeenCalledTimes(1);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ["userConversations"] });

    vi.advanceTimersByTime(10 * LIST_REFETCH_DELAY_MS);
    expect(invalidate).toHaveBeenCalledTimes(1);
  });

  it("schedules a new refetch once the previous one ran, and none when nothing streamed", () => {
    abortRunningResponse(queryClient);
    vi.advanceTimersByTime(10 * LIST_REFETCH_DELAY_MS);
    expect(invalidate).not.toHaveBeenCalled();

    refetchListsLater(queryClient);
    vi.advanceTimersByTime(LIST_REFETCH_DELAY_MS);
    refetchListsLater(queryClient);
    vi.advanceTimersByTime(LIST_REFETCH_DELAY_MS);
    expect(invalidate).toHaveBeenCalledTimes(2);
  });
});
