/** LiveAnswers: a Stop waits for the answer's final state, at most STOP_WAIT_MS, and leaves no timer behind. */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LiveAnswers } from "../../../src/server/features/userConversations/liveAnswers";

let answers: LiveAnswers;
let aborted: string[];

beforeEach(() => {
  vi.useFakeTimers();
  answers = new LiveAnswers();
  aborted = [];
  answers.start(
    "segment-1",
    "user-1",
    "conversation-1",
    () => "So far",
    () => aborted.push("segment-1"),
  );
});
afterEach(() => vi.useRealTimers());

describe("stop", () => {
  it("resolves once the stopped answer is stored, and clears its wait", async () => {
    const stopped = answers.stop("segment-1", "user-1");
    expect(aborted).toEqual(["segment-1"]);
    answers.finish("segment-1");
    await expect(stopped).resolves.toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("gives up waiting after 5 s when the answer is not stored by then", async () => {
    let resolved = false;
    const stopped = answers.stop("segment-1", "user-1").then((result) => (resolved = result));
    await vi.advanceTimersByTimeAsync(4_999);
    expect(resolved).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await stopped;
    expect(resolved).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("answers false for another user's answer, without stopping it", async () => {
    await expect(answers.stop("segment-1", "user-2")).resolves.toBe(false);
    expect(aborted).toEqual([]);
  });
});

describe("endAll", () => {
  it("ends every answer and clears its wait once they are stored", async () => {
    answers.start(
      "segment-2",
      "user-2",
      "conversation-2",
      () => "",
      () => aborted.push("segment-2"),
    );
    const ended = answers.endAll();
    expect(aborted).toEqual(["segment-1", "segment-2"]);
    expect(answers.endedByShutdown("segment-2")).toBe(true);
    answers.finish("segment-1");
    answers.finish("segment-2");
    await ended;
    expect(vi.getTimerCount()).toBe(0);
  });
});
