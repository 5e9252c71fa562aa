import { describe, expect, it } from "vitest";
import { sseData } from "../../../../src/server/llm/sseData";

/** A body that arrives in exactly these pieces. */
function body(...pieces: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const piece of pieces) controller.enqueue(encoder.encode(piece));
      controller.close();
    },
  });
}

async function all(stream: ReadableStream<Uint8Array>): Promise<string[]> {
  const out: string[] = [];
  for await (const data of sseData(stream)) out.push(data);
  return out;
}

describe("sseData", () => {
  it("yields each event's data, whatever the pieces the body arrives in", async () => {
    expect(await all(body('data: {"a":1}\n\ndata: {"b":', '2}\n', "\ndata: [DONE]\n\n"))).toEqual(['{"a":1}', '{"b":2}', "[DONE]"]);
  });

  it("accepts CRLF and CR line ends, also when a CRLF is split between pieces", async () => {
    expect(await all(body("data: one\r", "\n\r\ndata: two\r\rdata:three\n\n"))).toEqual(["one", "two", "three"]);
  });

  it("joins multi-line data and skips comments and other fields", async () => {
    expect(await all(body(": keep-alive\n\nevent: message\nid: 7\ndata: first\ndata: second\n\n"))).toEqual(["first\nsecond"]);
  });

  it("decodes a character split between pieces and keeps an event the body ends without a blank line", async () => {
    const bytes = new TextEncoder().encode("data: café\n\ndata: last");
    const cut = bytes.indexOf(0xc3) + 1;
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.slice(0, cut));
        controller.enqueue(bytes.slice(cut));
        controller.close();
      },
    });
    expect(await all(stream)).toEqual(["café", "last"]);
  });

  it("cancels the body when the reader stops early", async () => {
    let cancelled = false;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(new TextEncoder().encode("data: x\n\n"));
      },
      cancel() {
        cancelled = true;
      },
    });
    for await (const data of sseData(stream)) {
      expect(data).toBe("x");
      break;
    }
    expect(cancelled).toBe(true);
  });
});
