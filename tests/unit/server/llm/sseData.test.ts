import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { readSseData } from "../../../../src/server/llm/sseData";

/** A body that arrives in exactly these pieces. */
function body(...pieces: (string | Buffer)[]): Readable {
  return Readable.from(
    pieces.map((piece) => (typeof piece === "string" ? Buffer.from(piece) : piece)),
    { objectMode: false },
  );
}

function all(stream: Readable): Promise<string[]> {
  const out: string[] = [];
  return new Promise((resolve, reject) =>
    readSseData(stream, (data) => out.push(data), (error) => (error === undefined ? resolve(out) : reject(error as Error))),
  );
}

describe("readSseData", () => {
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
    const bytes = Buffer.from("data: café\n\ndata: last");
    const cut = bytes.indexOf(0xc3) + 1;
    expect(await all(body(bytes.subarray(0, cut), bytes.subarray(cut)))).toEqual(["café", "last"]);
  });

  it("ends with what the reader threw and destroys the body", async () => {
    const stream = new Readable({
      read() {
        this.push("data: x\n\n");
      },
    });
    const seen: string[] = [];
    const ended = await new Promise<unknown>((resolve) =>
      readSseData(
        stream,
        (data) => {
          seen.push(data);
          if (seen.length === 2) throw new Error("bad chunk");
        },
        resolve,
      ),
    );
    expect(seen).toEqual(["x", "x"]);
    expect((ended as Error).message).toBe("bad chunk");
    expect(stream.destroyed).toBe(true);
  });

  it("ends with the error that broke the body, once", async () => {
    const stream = new Readable({ read() {} });
    const ends: unknown[] = [];
    readSseData(stream, () => {}, (error) => ends.push(error));
    stream.push("data: partial");
    stream.destroy(new Error("socket hang up"));
    await new Promise((resolve) => setImmediate(resolve));
    expect(ends).toHaveLength(1);
    expect((ends[0] as Error).message).toBe("socket hang up");
  });
});
