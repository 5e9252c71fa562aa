import type { ServerResponse } from "node:http";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ANSWER_WRITE_INTERVAL_MS, decodeFrames, openSse } from "../../../../src/server/streaming/sse";

/** A response without a socket: openSse writes through `write`, each call one socket write. */
function recordingResponse() {
  const writes: string[] = [];
  const res = {
    chunkedEncoding: false,
    writableFinished: false,
    socket: null,
    writeHead: () => res,
    on: () => res,
    write: (text: string) => writes.push(text) > 0,
    end: () => undefined,
  };
  return { res: res as unknown as ServerResponse, writes };
}

const nextTick = () => new Promise<void>((resolve) => process.nextTick(resolve));
const framesOf = (write: string | undefined) => decodeFrames(write ?? "").map((f) => [f.event, f.data]);

describe("openSse: the answer's frames leave at most every ANSWER_WRITE_INTERVAL_MS", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("writes the opening frames and the first answer frame at once, and later answer frames together when the interval is up", async () => {
    expect(ANSWER_WRITE_INTERVAL_MS).toBe(50);
    const { res, writes } = recordingResponse();
    const sse = openSse(res, {}, () => undefined);
    sse.send("conversation-and-segment-id", { conversationId: "c", conversationSegmentId: "s" });
    sse.send("step-update", "Generating the answer");
    await nextTick();
    expect(writes).toHaveLength(1);
    expect(framesOf(writes[0]).map(([event]) => event)).toEqual(["conversation-and-segment-id", "step-update"]);

    sse.send("response-updated", "Hel");
    await nextTick();
    expect(writes).toHaveLength(2);
    expect(framesOf(writes[1])).toEqual([["response-updated", "Hel"]]);

    vi.advanceTimersByTime(20);
    sse.send("response-updated", "lo");
    await nextTick();
    vi.advanceTimersByTime(20);
    sse.send("response-updated", " wor");
    await nextTick();
    expect(writes).toHaveLength(2);
    vi.advanceTimersByTime(9);
    expect(writes).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(writes).toHaveLength(3);
    // Frames keep their boundaries: one socket write, two frames.
    expect(framesOf(writes[2])).toEqual([
      ["response-updated", "lo"],
      ["response-updated", " wor"],
    ]);
  });

  it("lets any other event take the waiting answer frames with it, in order, at once", async () => {
    const { res, writes } = recordingResponse();
    const sse = openSse(res, {}, () => undefined);
    sse.send("response-updated", "A");
    await nextTick();
    vi.advanceTimersByTime(10);
    sse.send("response-updated", "B");
    sse.send("response-model", { status: "Complete" });
    await nextTick();
    expect(writes).toHaveLength(2);
    expect(framesOf(writes[1])).toEqual([
      ["response-updated", "B"],
      ["response-model", { status: "Complete" }],
    ]);
    vi.advanceTimersByTime(ANSWER_WRITE_INTERVAL_MS);
    expect(writes).toHaveLength(2);
  });

  it("writes waiting frames on flush(), and an answer frame after a quiet interval at once", async () => {
    const { res, writes } = recordingResponse();
    const sse = openSse(res, {}, () => undefined);
    sse.send("response-updated", "A");
    await nextTick();
    vi.advanceTimersByTime(5);
    sse.send("response-updated", "B");
    sse.flush();
    expect(framesOf(writes[1])).toEqual([["response-updated", "B"]]);

    vi.advanceTimersByTime(ANSWER_WRITE_INTERVAL_MS);
    sse.send("response-updated", "C");
    await nextTick();
    expect(writes).toHaveLength(3);
    expect(framesOf(writes[2])).toEqual([["response-updated", "C"]]);
    sse.end();
    vi.advanceTimersByTime(ANSWER_WRITE_INTERVAL_MS);
    expect(writes).toHaveLength(3);
  });
});
