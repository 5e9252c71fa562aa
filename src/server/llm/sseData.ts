/**
 * The `data` of each server-sent event in a response body, one string per
 * event. A lean reader for the streaming answer path: the body is decoded once and
 * lines are split in strings, where the SDK's stream re-copies byte buffers per
 * line (a measurable share of the server thread with a few hundred answers streaming).
 */
import type { Readable } from "node:stream";

const LINE_END = /\r\n|\r|\n/;

/** Splits decoded text into events' data; `push` returns the events that piece completed. */
class EventDataSplitter {
  private pending = "";
  private data: string[] = [];

  push(text: string, done: boolean): string[] {
    const out: string[] = [];
    const pending = this.pending + text;
    // A trailing "\r" may be the first half of "\r\n": it waits for the next piece.
    const held = !done && pending.endsWith("\r") ? 1 : 0;
    const lines = pending.slice(0, pending.length - held).split(LINE_END);
    // The last piece is an unfinished line (empty when the text ended with a line end).
    this.pending = done ? "" : lines.pop()! + pending.slice(pending.length - held);
    for (const line of lines) {
      if (line === "") {
        if (this.data.length > 0) out.push(this.data.join("\n"));
        this.data = [];
      } else if (line.startsWith("data:")) {
        this.data.push(line.charCodeAt(5) === 32 ? line.slice(6) : line.slice(5));
      }
      // Comments (":") and the event, id and retry fields carry nothing the answer needs.
    }
    if (done && this.data.length > 0) {
      out.push(this.data.join("\n"));
      this.data = [];
    }
    return out;
  }
}

/** The events of a Node stream (an HTTP response body); stopping early destroys it. */
export async function* sseDataOf(body: Readable): AsyncIterable<string> {
  body.setEncoding("utf8");
  const splitter = new EventDataSplitter();
  for await (const piece of body as AsyncIterable<string>) yield* splitter.push(piece, false);
  yield* splitter.push("", true);
}
