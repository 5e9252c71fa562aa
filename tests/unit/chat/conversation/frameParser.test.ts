import { describe, expect, it } from "vitest";
import { createFrameParser, readFrames, type StreamFrame } from "../../../../src/chat/stream/frameParser";
import { encodeFrame } from "./chatTestUtils";

function parseAll(pieces: string[]): StreamFrame[] {
  const frames: StreamFrame[] = [];
  const parser = createFrameParser((frame) => frames.push(frame));
  for (const piece of pieces) parser.push(piece);
  parser.end();
  return frames;
}

describe("frame parser", () => {
  it("decodes base64 UTF-8 JSON, emoji and accents included", () => {
    const frames = parseAll([encodeFrame("response-updated", "Olá 👋🏽 — ça va? 日本語")]);
    expect(frames).toEqual([{ event: "response-updated", data: "Olá 👋🏽 — ça va? 日本語" }]);
  });

  it("joins a frame split anywhere across chunks, inside the event name and the base64", () => {
    const text =
      encodeFrame("conversation-and-segment-id", { conversationId: "c", conversationSegmentId: "s" }) +
      encodeFrame("response-updated", "🙂 hi");
    for (const cut of [1, 7, 20, 31, text.length - 1]) {
      const frames = parseAll([text.slice(0, cut), text.slice(cut)]);
      expect(frames.map((f) => f.event)).toEqual(["conversation-and-segment-id", "response-updated"]);
      expect(frames[1]!.data).toBe("🙂 hi");
    }
    // One character at a time.
    expect(parseAll([...text]).map((f) => f.data)).toEqual([
      { conversationId: "c", conversationSegmentId: "s" },
      "🙂 hi",
    ]);
  });

  it("delivers every frame of a chunk that carries several, in order", () => {
    const chunk =
      ["a", "b", "c"].map((t) => encodeFrame("response-updated", t)).join("") + encodeFrame("no-more-data", null);
    expect(parseAll([chunk])).toEqual([
      { event: "response-updated", data: "a" },
      { event: "response-updated", data: "b" },
      { event: "response-updated", data: "c" },
      { event: "no-more-data", data: null },
    ]);
  });

  it("accepts CRLF line ends and a last frame without its blank line", () => {
    const crlf = encodeFrame("step-update", "Searching").replace(/\n/g, "\r\n");
    expect(parseAll([crlf, encodeFrame("no-more-data", null).trimEnd()]).map((f) => f.event)).toEqual([
      "step-update",
      "no-more-data",
    ]);
  });

  it("reads a body whose bytes split a multi-byte character", async () => {
    const bytes = new TextEncoder().encode(encodeFrame("response-updated", "x").replace("x", "x")); // ASCII frame
    const emoji = new TextEncoder().encode(
      `event: response-updated\ndata: ${Buffer.from(JSON.stringify("🚀"), "utf8").toString("base64")}\n\n`,
    );
    const all = new Uint8Array([...bytes, ...emoji]);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < all.length; i += 5) controller.enqueue(all.slice(i, i + 5));
        controller.close();
      },
    });
    const frames: StreamFrame[] = [];
    await readFrames(body, (frame) => frames.push(frame));
    expect(frames.map((f) => f.data)).toEqual(["x", "🚀"]);
  });
});
