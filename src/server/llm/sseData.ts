/**
 * The `data` of each server-sent event in a response body, one string per
 * event. A lean reader for the streaming answer path: it decodes the bytes once
 * and splits lines in strings, where the SDK's stream re-copies byte buffers per
 * line (a measurable share of the server thread with a few hundred answers streaming).
 */
const LINE_END = /\r\n|\r|\n/;

export async function* sseData(body: ReadableStream<Uint8Array>): AsyncIterable<string> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let pending = "";
  let data: string[] = [];
  let ended = false;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      pending += done ? decoder.decode() : decoder.decode(value, { stream: true });
      // A trailing "\r" may be the first half of "\r\n": it waits for the next piece.
      const held = !done && pending.endsWith("\r") ? 1 : 0;
      const lines = pending.slice(0, pending.length - held).split(LINE_END);
      // The last piece is an unfinished line (empty when the text ended with a line end).
      pending = done ? "" : lines.pop()! + pending.slice(pending.length - held);
      for (const line of lines) {
        if (line === "") {
          if (data.length > 0) yield data.join("\n");
          data = [];
        } else if (line.startsWith("data:")) {
          data.push(line.charCodeAt(5) === 32 ? line.slice(6) : line.slice(5));
        }
        // Comments (":") and the event, id and retry fields carry nothing the answer needs.
      }
      if (done) {
        if (data.length > 0) yield data.join("\n");
        ended = true;
        return;
      }
    }
  } finally {
    // Stopped early (the consumer broke off or an error): release the connection.
    if (!ended) await reader.cancel().catch(() => {});
  }
}
