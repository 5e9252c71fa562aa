import { describe, expect, it } from "vitest";
import { EventQueue } from "../../../../src/server/llm/eventQueue";

function source() {
  const calls: string[] = [];
  return { calls, source: { stop: () => calls.push("stop"), pause: () => calls.push("pause"), resume: () => calls.push("resume") } };
}

async function drain<T>(queue: EventQueue<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of queue) out.push(item);
  return out;
}

describe("EventQueue", () => {
  it("yields events pushed before and while the consumer waits, in order, then ends", async () => {
    const queue = new EventQueue<number>(source().source);
    queue.push(1);
    queue.push(2);
    const read = drain(queue);
    await Promise.resolve();
    queue.push(3);
    setTimeout(() => {
      queue.push(4);
      queue.end();
      queue.push(5); // after the end: dropped
    }, 5);
    expect(await read).toEqual([1, 2, 3, 4]);
  });

  it("delivers what was queued before a failure, then throws it", async () => {
    const queue = new EventQueue<string>(source().source);
    queue.push("a");
    queue.end(new Error("reset"));
    const seen: string[] = [];
    await expect(
      (async () => {
        for await (const item of queue) seen.push(item);
      })(),
    ).rejects.toThrow("reset");
    expect(seen).toEqual(["a"]);
  });

  it("rejects a consumer already waiting when the failure comes", async () => {
    const queue = new EventQueue<string>(source().source);
    const next = queue.next();
    queue.end(new Error("down"));
    await expect(next).rejects.toThrow("down");
    expect(await queue.next()).toEqual({ done: true, value: undefined });
  });

  it("stops the source when the consumer leaves early, and not when the source ended", async () => {
    const early = source();
    const queue = new EventQueue<number>(early.source);
    queue.push(1);
    queue.push(2);
    for await (const item of queue) if (item === 1) break;
    expect(early.calls).toEqual(["stop"]);

    const ended = source();
    const done = new EventQueue<number>(ended.source);
    done.push(1);
    done.end();
    for await (const item of done) if (item === 1) break;
    expect(ended.calls).toEqual([]);
  });

  it("pauses the source at 64 unread events and resumes it once they are read", async () => {
    const { calls, source: src } = source();
    const queue = new EventQueue<number>(src);
    for (let i = 0; i < 70; i++) queue.push(i);
    expect(calls).toEqual(["pause"]);
    for (let i = 0; i < 69; i++) await queue.next();
    expect(calls).toEqual(["pause"]);
    await queue.next();
    expect(calls).toEqual(["pause", "resume"]);
  });
});
