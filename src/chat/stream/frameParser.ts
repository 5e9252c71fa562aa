/**
 * Incremental parser for the chat's event streams (architecture.md "Streams",
 * spec §7: "read line by line as event: and data: pairs, base64 encoded").
 * A frame is `event: <name>` + `data: <base64 of UTF-8 JSON>` ended by a blank
 * line; network chunks may split a frame anywhere, or carry several frames.
 */
export interface StreamFrame {
  event: string;
  data: unknown;
}

const utf8 = new TextDecoder();

/** base64 → bytes → UTF-8 text → JSON (atob alone would mangle multi-byte characters such as emoji). */
export function decodeFrameData(base64: string): unknown {
  const binary = atob(base64.trim());
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return JSON.parse(utf8.decode(bytes)) as unknown;
}

export interface FrameParser {
  /** Feeds decoded text; calls onFrame for every frame it completes. */
  push(text: string): void;
  /** Ends the input: a last frame without its blank line is still delivered. */
  end(): void;
}

export function createFrameParser(onFrame: (frame: StreamFrame) => void): FrameParser {
  let buffer = "";
  let event: string | null = null;
  let data = "";

  const dispatch = () => {
    if (event !== null && data !== "") onFrame({ event, data: decodeFrameData(data) });
    event = null;
    data = "";
  };

  const line = (raw: string) => {
    const text = raw.endsWith("\r") ? raw.slice(0, -1) : raw;
    if (text === "") return dispatch();
    const colon = text.indexOf(":");
    const field = colon < 0 ? text : text.slice(0, colon);
    // SSE: one optional space after the colon belongs to the syntax, not the value.
    const value = colon < 0 ? "" : text.slice(colon + (text[colon + 1] === " " ? 2 : 1));
    if (field === "event") event = value;
    else if (field === "data") data += value;
  };

  return {
    push(text) {
      buffer += text;
      let newline = buffer.indexOf("\n");
      while (newline >= 0) {
        line(buffer.slice(0, newline));
        buffer = buffer.slice(newline + 1);
        newline = buffer.indexOf("\n");
      }
    },
    end() {
      if (buffer !== "") line(buffer);
      buffer = "";
      dispatch();
    },
  };
}

/**
 * Reads a response body to its end, passing each frame on as soon as it is
 * complete. Aborting `signal` cancels the body itself (not every fetch
 * implementation errors an already-delivered body on abort) and rejects.
 */
export async function readFrames(
  body: ReadableStream<Uint8Array>,
  onFrame: (frame: StreamFrame) => void,
  signal?: AbortSignal,
): Promise<void> {
  const parser = createFrameParser(onFrame);
  const decoder = new TextDecoder();
  const reader = body.getReader();
  const cancel = () => void reader.cancel(signal?.reason).catch(() => undefined);
  signal?.addEventListener("abort", cancel, { once: true });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      signal?.throwIfAborted();
      if (done) break;
      parser.push(decoder.decode(value, { stream: true }));
    }
    parser.push(decoder.decode());
    parser.end();
  } finally {
    signal?.removeEventListener("abort", cancel);
    reader.releaseLock();
  }
}
