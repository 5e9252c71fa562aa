/**
 * The chat stream's wire format (architecture.md, "Streams"): each frame is
 * `event: <name>` + `data: <base64 of UTF-8 JSON>`; names from spec section 4.
 */
import type { ServerResponse } from "node:http";
import { Socket } from "node:net";

export type StreamEventName =
  | "conversation-and-segment-id"
  | "segment-answered-with-gpt-system"
  | "cosmos-db-session-tokens"
  | "response-updated"
  | "response-model"
  | "code-interpreter-updated"
  | "step-update"
  | "generated-image-link"
  | "error"
  | "internal-server-error"
  | "no-more-data";

export function encodeFrame(event: StreamEventName, data: unknown): string {
  return `event: ${event}\ndata: ${Buffer.from(JSON.stringify(data ?? null), "utf8").toString("base64")}\n\n`;
}

/** Parses frames back (tests, benchmarks, the reattach replay). */
export function decodeFrames(text: string): { event: string; data: unknown }[] {
  const frames: { event: string; data: unknown }[] = [];
  for (const block of text.split("\n\n")) {
    const event = /^event: (.+)$/m.exec(block)?.[1];
    const data = /^data: (.*)$/m.exec(block)?.[1];
    if (event && data !== undefined) frames.push({ event, data: JSON.parse(Buffer.from(data, "base64").toString("utf8")) });
  }
  return frames;
}

export interface SseWriter {
  send(event: StreamEventName, data: unknown): void;
  end(): void;
  /** True once the client has gone away. */
  readonly closed: boolean;
}

/**
 * Takes over a raw response (after `reply.hijack()`); `onClose` fires when the client disconnects early.
 *
 * Frames sent in one turn of the event loop (the opening frames; tokens that arrived together
 * while the server was busy) leave in one socket write. On a chunked HTTP/1.1 response that write
 * is one chunk framed here and written straight to the socket: Node's own chunked `write` costs a
 * cork, four buffered pieces and a `writev` per call, about 30 % more server-thread time per
 * streamed answer when measured apart. Frames are ASCII (event names, base64), so length = bytes.
 */
export function openSse(res: ServerResponse, headers: Record<string, string>, onClose: () => void): SseWriter {
  let closed = false;
  res.writeHead(200, {
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-store",
    connection: "keep-alive",
    // Proxies such as nginx would otherwise buffer the whole answer.
    "x-accel-buffering": "no",
    ...headers,
  });
  res.on("close", () => {
    if (!res.writableFinished) {
      closed = true;
      onClose();
    }
  });
  const socket = res.socket;
  const direct = res.chunkedEncoding && socket instanceof Socket ? socket : undefined;
  let pending = "";
  let ended = false;
  // The first write goes through the response: it carries the headers with the opening frames.
  let headersWritten = false;
  const flush = () => {
    const text = pending;
    pending = "";
    if (closed || text === "") return;
    if (!direct || !headersWritten) res.write(text);
    else if (direct.writable) direct.write(`${text.length.toString(16)}\r\n${text}\r\n`, "latin1");
    headersWritten = true;
  };
  return {
    send(event, data) {
      if (closed || ended) return;
      if (pending === "") process.nextTick(flush);
      pending += encodeFrame(event, data);
    },
    end() {
      if (ended) return;
      flush();
      ended = true;
      if (!closed) res.end();
    },
    get closed() {
      return closed;
    },
  };
}
