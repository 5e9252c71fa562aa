/**
 * The `data` of each server-sent event in a response body, one string per
 * event. A lean reader for the streaming answer path: the body is decoded once and
 * lines are split in strings, where the SDK's stream re-copies byte buffers per
 * line (a measurable share of the server thread with a few hundred answers streaming),
 * and each event is handed on as the body delivers it, without an async iterator per layer.
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

/**
 * Calls `onData` with each event's data as the body (an HTTP response) delivers it, then
 * `onEnd` once: with no error after the body's end or a close before it (the caller tells a
 * cut-short body by `response.complete`), with the error that broke the body, or with what
 * `onData` threw (the body is then destroyed).
 */
export function readSseData(body: Readable, onData: (data: string) => void, onEnd: (error?: unknown) => void): void {
  body.setEncoding("utf8");
  const splitter = new EventDataSplitter();
  let ended = false;
  const finish = (error?: unknown) => {
    if (ended) return;
    ended = true;
    onEnd(error);
  };
  const deliver = (events: readonly string[]) => {
    for (const data of events) {
      if (ended) return;
      try {
        onData(data);
      } catch (error) {
        finish(error);
        body.destroy();
        return;
      }
    }
  };
  body.on("data", (piece: string) => deliver(splitter.push(piece, false)));
  body.on("end", () => {
    deliver(splitter.push("", true));
    finish();
  });
  body.on("error", (error) => finish(error));
  body.on("close", () => finish());
}
