/**
 * A local model server for server and browser tests: speaks the OpenAI Chat
 * Completions and the Anthropic Messages streaming protocols over real HTTP on
 * 127.0.0.1. Each request takes the next queued script (or the default one) and
 * every request is recorded. It also answers OpenAI's POST /v1/embeddings with
 * deterministic vectors (fakeEmbedding), recorded apart and never taking a script.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeScript {
  /** Text pieces streamed one per chunk. */
  tokens?: string[];
  /** Pause before each chunk, in ms. */
  delayMs?: number;
  /** Pause before the response headers, in ms. */
  headerDelayMs?: number;
  /** Answer with this HTTP error instead of a stream (`body`: this text, e.g. a proxy's web page, instead of the protocol's JSON). */
  fail?: { status: number; message: string; body?: { contentType: string; text: string } };
  /** Answer 200 with this instead of a stream (a server that ignores `stream`, a web page at a wrong address). */
  notAStream?: { contentType: string; text: string };
  /**
   * After this many chunks the stream goes wrong: the provider's own error event (OpenAI's `{ error }`
   * chunk, Anthropic's `event: error`), a chunk that is not JSON, or a quiet end of the body without the
   * answer's end (no finish reason, [DONE] or message_stop).
   */
  breakAfter?: { chunks: number; with: "provider-error" | "malformed-chunk" | "quiet-end"; message?: string };
  /** The answer's finish as the provider names it (OpenAI finish_reason, Anthropic stop_reason); stop / end_turn by default. */
  finishReason?: string;
  /** OpenAI: the model's refusal, streamed in `delta.refusal` (after any tokens). */
  refusal?: string;
  /** Destroy the socket after this many chunks (a mid-stream reset). */
  resetAfter?: number;
  /** Usage reported at the end of the stream. */
  usage?: { inputTokens: number; outputTokens: number };
  /** Tool calls made after the text (OpenAI tool_calls / Anthropic tool_use blocks); the round ends asking for them. */
  toolCalls?: FakeToolCall[];
}

export interface FakeToolCall {
  /** Defaults to call_<n> (OpenAI) / toolu_<n> (Anthropic). */
  id?: string;
  name: string;
  /** The arguments object; sent as JSON text in two fragments, as real servers split it. */
  arguments: Record<string, unknown>;
}

/** The JSON text of a call's arguments in two pieces (clients must join fragments). */
function argumentPieces(call: FakeToolCall): [string, string] {
  const text = JSON.stringify(call.arguments);
  const half = Math.floor(text.length / 2);
  return [text.slice(0, half), text.slice(half)];
}

export interface RecordedRequest {
  protocol: "openai" | "anthropic";
  path: string;
  headers: IncomingMessage["headers"];
  body: Record<string, unknown>;
}

export interface FakeModelServer {
  /** OpenAI-style base URL, ending in /v1. */
  openaiBaseUrl: string;
  /** Anthropic-style base URL (the SDK appends /v1/messages). */
  anthropicBaseUrl: string;
  requests: RecordedRequest[];
  /** Queue scripts for the next requests, in order. */
  enqueue(...scripts: FakeScript[]): void;
  /** The script used when the queue is empty. */
  setDefault(script: FakeScript): void;
  /** Requests whose client went away before the stream ended. */
  abortedCount(): number;
  /** POST /v1/embeddings requests, in order. */
  embeddingRequests: RecordedRequest[];
  /** Make every embeddings request fail with this error (undefined: answer again). */
  failEmbeddings(fail: { status: number; message: string } | undefined): void;
  close(): Promise<void>;
}

/** The fake embedding space's size. */
export const FAKE_EMBEDDING_DIMENSIONS = 256;

/**
 * Words the fake embedding treats as one meaning, so a question can be close to a passage
 * with which it shares no word (what full-text search cannot find).
 */
const FAKE_SYNONYMS: Record<string, string> = {
  automobile: "car",
  vehicle: "car",
  motorcar: "car",
  physician: "doctor",
  medic: "doctor",
  salary: "pay",
  wage: "pay",
  compensation: "pay",
};

/**
 * A hashed bag of meanings: each word (lower-cased, a plural "s" dropped, synonyms merged)
 * adds 1 to one of FAKE_EMBEDDING_DIMENSIONS buckets; the vector is scaled to length 1.
 * Texts sharing words or synonyms are close; others nearly orthogonal.
 */
export function fakeEmbedding(text: string): number[] {
  const vector = new Array<number>(FAKE_EMBEDDING_DIMENSIONS).fill(0);
  for (const raw of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    const word = raw.length > 3 && raw.endsWith("s") ? raw.slice(0, -1) : raw;
    const meaning = FAKE_SYNONYMS[word] ?? word;
    let hash = 2166136261;
    for (const char of meaning) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619) >>> 0;
    vector[hash % FAKE_EMBEDDING_DIMENSIONS]! += 1;
  }
  const norm = Math.hypot(...vector);
  if (norm === 0) vector[0] = 1;
  return vector.map((v) => (norm === 0 ? v : v / norm));
}

function embeddingsResponse(body: Record<string, unknown>): Record<string, unknown> {
  const inputs = Array.isArray(body.input) ? (body.input as unknown[]) : [body.input];
  const base64 = body.encoding_format === "base64";
  return {
    object: "list",
    model: String(body.model ?? "fake-embedding"),
    data: inputs.map((input, index) => {
      const vector = fakeEmbedding(String(input));
      return {
        object: "embedding",
        index,
        // The SDK asks for base64 (little-endian float32) unless told otherwise.
        embedding: base64 ? Buffer.from(Float32Array.from(vector).buffer).toString("base64") : vector,
      };
    }),
    usage: { prompt_tokens: inputs.length, total_tokens: inputs.length },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

function openaiFrames(script: FakeScript, model: string): { chunks: string[]; tail: string[] } {
  const id = "chatcmpl-fake";
  const frame = (delta: Record<string, unknown>, finish: string | null) =>
    JSON.stringify({ id, object: "chat.completion.chunk", created: 0, model, choices: [{ index: 0, delta, finish_reason: finish }] });
  const usage = script.usage ?? { inputTokens: 10, outputTokens: script.tokens?.length ?? 0 };
  const toolFrames = (script.toolCalls ?? []).flatMap((call, index) => {
    const [first, second] = argumentPieces(call);
    return [
      frame({ tool_calls: [{ index, id: call.id ?? `call_${index}`, type: "function", function: { name: call.name, arguments: first } }] }, null),
      frame({ tool_calls: [{ index, function: { arguments: second } }] }, null),
    ];
  });
  return {
    chunks: [
      ...(script.tokens ?? []).map((text, i) => frame(i === 0 ? { role: "assistant", content: text } : { content: text }, null)),
      ...(script.refusal ? [frame({ refusal: script.refusal }, null)] : []),
    ],
    tail: [
      ...toolFrames,
      frame({}, script.finishReason ?? (script.toolCalls?.length ? "tool_calls" : "stop")),
      JSON.stringify({
        id,
        object: "chat.completion.chunk",
        created: 0,
        model,
        choices: [],
        usage: { prompt_tokens: usage.inputTokens, completion_tokens: usage.outputTokens, total_tokens: usage.inputTokens + usage.outputTokens },
      }),
    ],
  };
}

function anthropicFrames(script: FakeScript, model: string): { head: string[]; chunks: string[]; tail: string[] } {
  const usage = script.usage ?? { inputTokens: 10, outputTokens: script.tokens?.length ?? 0 };
  const event = (type: string, data: Record<string, unknown>) => `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`;
  return {
    head: [
      event("message_start", {
        message: { id: "msg_fake", type: "message", role: "assistant", model, content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: usage.inputTokens, output_tokens: 1 } },
      }),
      event("content_block_start", { index: 0, content_block: { type: "text", text: "" } }),
    ],
    chunks: (script.tokens ?? []).map((text) => event("content_block_delta", { index: 0, delta: { type: "text_delta", text } })),
    tail: [
      event("content_block_stop", { index: 0 }),
      ...(script.toolCalls ?? []).flatMap((call, i) => {
        const index = i + 1;
        const [first, second] = argumentPieces(call);
        return [
          event("content_block_start", { index, content_block: { type: "tool_use", id: call.id ?? `toolu_${i}`, name: call.name, input: {} } }),
          event("content_block_delta", { index, delta: { type: "input_json_delta", partial_json: first } }),
          event("content_block_delta", { index, delta: { type: "input_json_delta", partial_json: second } }),
          event("content_block_stop", { index }),
        ];
      }),
      event("message_delta", {
        delta: { stop_reason: script.finishReason ?? (script.toolCalls?.length ? "tool_use" : "end_turn"), stop_sequence: null },
        usage: { output_tokens: usage.outputTokens },
      }),
      event("message_stop", {}),
    ],
  };
}

export async function startFakeModelServer(): Promise<FakeModelServer> {
  const queue: FakeScript[] = [];
  let fallback: FakeScript = { tokens: ["Hello", " from", " the", " fake", " model."] };
  const requests: RecordedRequest[] = [];
  const embeddingRequests: RecordedRequest[] = [];
  let embeddingFailure: { status: number; message: string } | undefined;
  let aborted = 0;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? "").split("?")[0] ?? "";
    if (path.endsWith("/embeddings") && req.method === "POST") {
      const body = await readJson(req);
      embeddingRequests.push({ protocol: "openai", path, headers: req.headers, body });
      if (embeddingFailure) {
        res
          .writeHead(embeddingFailure.status, { "content-type": "application/json" })
          .end(JSON.stringify({ error: { message: embeddingFailure.message, type: "fake_error", code: null } }));
        return;
      }
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(embeddingsResponse(body)));
      return;
    }
    const protocol = path.endsWith("/chat/completions") ? "openai" : path.endsWith("/messages") ? "anthropic" : undefined;
    if (!protocol || req.method !== "POST") {
      res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: "not found" } }));
      return;
    }
    const body = await readJson(req);
    requests.push({ protocol, path, headers: req.headers, body });
    const script = queue.shift() ?? fallback;
    const model = String(body.model ?? "fake-model");
    if (script.headerDelayMs) await sleep(script.headerDelayMs);
    if (script.fail) {
      const error =
        protocol === "openai"
          ? { error: { message: script.fail.message, type: "fake_error", code: null } }
          : { type: "error", error: { type: "api_error", message: script.fail.message } };
      const { contentType, text } = script.fail.body ?? { contentType: "application/json", text: JSON.stringify(error) };
      res.writeHead(script.fail.status, { "content-type": contentType }).end(text);
      return;
    }
    if (script.notAStream) {
      res.writeHead(200, { "content-type": script.notAStream.contentType }).end(script.notAStream.text);
      return;
    }
    let closed = false;
    res.on("close", () => {
      if (!res.writableFinished) {
        closed = true;
        aborted += 1;
      }
    });
    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
    const frames =
      protocol === "openai"
        ? (() => {
            const f = openaiFrames(script, model);
            return { head: [], chunks: f.chunks.map((c) => `data: ${c}\n\n`), tail: [...f.tail.map((c) => `data: ${c}\n\n`), "data: [DONE]\n\n"] };
          })()
        : anthropicFrames(script, model);
    for (const head of frames.head) res.write(head);
    for (const [i, chunk] of frames.chunks.entries()) {
      if (script.breakAfter && i >= script.breakAfter.chunks) {
        const message = script.breakAfter.message ?? "The server had an error while processing your request.";
        if (script.breakAfter.with === "malformed-chunk") res.write(protocol === "openai" ? "data: {not json\n\n" : "event: content_block_delta\ndata: {not json\n\n");
        else if (script.breakAfter.with === "provider-error")
          res.write(
            protocol === "openai"
              ? `data: ${JSON.stringify({ error: { message, type: "server_error" } })}\n\n`
              : `event: error\ndata: ${JSON.stringify({ type: "error", error: { type: "overloaded_error", message } })}\n\n`,
          );
        res.end();
        return;
      }
      if (script.resetAfter !== undefined && i >= script.resetAfter) {
        // Let the chunks already written reach the client before the reset.
        await sleep(50);
        req.socket.destroy();
        return;
      }
      if (script.delayMs) await sleep(script.delayMs);
      if (closed) return;
      res.write(chunk);
    }
    for (const tail of frames.tail) res.write(tail);
    res.end();
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      res.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  return {
    openaiBaseUrl: `${base}/v1`,
    anthropicBaseUrl: base,
    requests,
    enqueue: (...scripts) => queue.push(...scripts),
    setDefault: (script) => {
      fallback = script;
    },
    abortedCount: () => aborted,
    embeddingRequests,
    failEmbeddings: (fail) => {
      embeddingFailure = fail;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
