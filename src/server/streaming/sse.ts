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
  /** Writes what is waiting now (the end of the model's answer: its last words need not wait for the saves). */
  flush(): void;
  end(): void;
  /** True once the client has gone away. */
  readonly closed: boolean;
}

/**
 * An answer's text leaves at most this often: a `response-updated` frame that follows another within
 * this time waits for the next write instead of taking a socket write of its own. Models send a token
 * every 10–30 ms and every write costs the server a system call plus, on loopback, the reader's side
 * of TCP; 20 writes a second still read as a continuous stream. Frames keep their boundaries.
 */
export const ANSWER_WRITE_INTERVAL_MS = 50;

/**
 * Takes over a raw response (after `reply.hijack()`); `onClose` fires when the client disconnects early.
 *
 * Frames sent in one turn of the event loop (the opening frames; tokens that arrived together
 * while the server was busy) leave in one socket write, and so do the answer's frames within
 * `ANSWER_WRITE_INTERVAL_MS` of its last write; the first answer frame and every other event leave
 * at once. On a chunked HTTP/1.1 response that write
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
      clearTimeout(timer);
      onClose();
    }
  });
  const socket = res.socket;
  const direct = res.chunkedEncoding && socket instanceof Socket ? socket : undefined;
  let pending = "";
  let pendingAnswer = false;
  let lastAnswerWriteAt = -Infinity;
  let tickQueued = false;
  let timer: NodeJS.Timeout | undefined;
  let ended = false;
  // The first write goes through the response: it carries the headers with the opening frames.
  let headersWritten = false;
  const flush = () => {
    tickQueued = false;
    clearTimeout(timer);
    timer = undefined;
    const text = pending;
    pending = "";
    if (pendingAnswer) lastAnswerWriteAt = performance.now();
    pendingAnswer = false;
    if (closed || text === "") return;
    if (!direct || !headersWritten) res.write(text);
    else if (direct.writable) direct.write(`${text.length.toString(16)}\r\n${text}\r\n`, "latin1");
    headersWritten = true;
  };
  return {
    send(event, data) {
      if (closed || ended) return;
      pending += encodeFrame(event, data);
      const answer = event === "response-updated";
      pendingAnswer ||= answer;
      if (tickQueued) return;
      if (answer) {
        const wait = lastAnswerWriteAt + ANSWER_WRITE_INTERVAL_MS - performance.now();
        if (wait > 0) {
          timer ??= setTimeout(flush, wait);
          return;
        }
      }
      tickQueued = true;
      process.nextTick(flush);
    },
    flush() {
      if (!ended) flush();
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
