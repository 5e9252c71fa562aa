/**
 * The load generator of the streaming benchmark: runs N concurrent streams either
 * straight against the model server with the official OpenAI SDK ("direct") or
 * through the product's chat stream with fetch (Node's built-in fetch is undici)
 * and the product's own frame decoder ("product"). No side effects on import: it
 * runs inline in the main thread or inside streamingClientWorker.ts.
 *
 * Every timestamp is epoch milliseconds with sub-millisecond precision
 * (performance.timeOrigin + performance.now()), comparable across threads.
 */
import OpenAI from "openai";
import { decodeFrames } from "../../src/server/streaming/sse";

export const now = (): number => performance.timeOrigin + performance.now();

export interface StreamResult {
  ok: boolean;
  error?: string;
  /** When the request was sent. */
  startedAt: number;
  /** First answer token (direct: first chunk with content; product: first `response-updated` frame). */
  firstTokenAt?: number;
  lastTokenAt?: number;
  tokens: number;
  /** Product only: `response-model` and `no-more-data` (the latter waits for the title, see the report). */
  responseModelAt?: number;
  endedAt?: number;
  /** Product only: from the `conversation-and-segment-id` frame. */
  segmentId?: string;
  /** Product only: when that first frame arrived, i.e. once the server has authenticated, loaded the agent and stored the question (just before it calls the model). */
  firstFrameAt?: number;
  /** Product only: network chunks that carried more than one `response-updated` frame (a sign of a busy server loop). */
  coalescedChunks?: number;
  /** With `total`: started after the ramp, as another stream's replacement (so with the others all in flight). */
  steady?: boolean;
}

export interface DirectTarget {
  mode: "direct";
  openaiBaseUrl: string;
  model: string;
  systemPrompt: string;
}

export interface ProductTarget {
  mode: "product";
  serverUrl: string;
  gptSystemId: string;
  token: string;
}

export type Target = DirectTarget | ProductTarget;

export interface RunRequest {
  target: Target;
  concurrency: number;
  /** Spread the (first `concurrency`) starts evenly over this many ms (0: all at once). */
  rampMs?: number;
  /**
   * Keep `concurrency` streams in flight until this many have started: each stream that ends
   * starts the next one (absent: `concurrency` streams, each started once).
   */
  total?: number;
  question: string;
  timeoutMs: number;
}

let sdk: { baseURL: string; client: OpenAI } | undefined;

function sdkFor(baseURL: string): OpenAI {
  if (sdk?.baseURL !== baseURL) sdk = { baseURL, client: new OpenAI({ baseURL, apiKey: "sk-bench", maxRetries: 0 }) };
  return sdk.client;
}

async function directStream(target: DirectTarget, question: string, timeoutMs: number): Promise<StreamResult> {
  const result: StreamResult = { ok: false, startedAt: now(), tokens: 0 };
  try {
    // The same request the product's OpenAI adapter sends (src/server/llm/openaiProvider.ts).
    const stream = await sdkFor(target.openaiBaseUrl).chat.completions.create(
      {
        model: target.model,
        messages: [
          { role: "system", content: target.systemPrompt },
          { role: "user", content: question },
        ],
        stream: true,
        stream_options: { include_usage: true },
      },
      { signal: AbortSignal.timeout(timeoutMs) },
    );
    for await (const chunk of stream) {
      const text = chunk.choices[0]?.delta?.content;
      if (!text) continue;
      const t = now();
      result.firstTokenAt ??= t;
      result.lastTokenAt = t;
      result.tokens += 1;
    }
    result.endedAt = now();
    result.ok = result.tokens > 0;
    if (!result.ok) result.error = "no tokens";
  } catch (error) {
    result.error = error instanceof Error ? error.message : String(error);
  }
  return result;
}

async function productStream(target: ProductTarget, question: string, timeoutMs: number): Promise<StreamResult> {
  const result: StreamResult = { ok: false, startedAt: now(), tokens: 0, coalescedChunks: 0 };
  try {
    const response = await fetch(
      `${target.serverUrl}/api/internal/userConversations/byGptSystemId/${target.gptSystemId}`,
      {
        method: "POST",
        headers: { authorization: `Bearer ${target.token}`, "content-type": "application/json" },
        body: JSON.stringify({ question }),
        signal: AbortSignal.timeout(timeoutMs),
      },
    );
    if (!response.headers.get("content-type")?.startsWith("text/event-stream") || !response.body) {
      result.error = `HTTP ${response.status}: ${(await response.text()).slice(0, 200)}`;
      return result;
    }
    const decoder = new TextDecoder();
    let buffer = "";
    let sawEnd = false;
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      const t = now();
      buffer += decoder.decode(chunk, { stream: true });
      const end = buffer.lastIndexOf("\n\n");
      if (end < 0) continue;
      const frames = decodeFrames(buffer.slice(0, end + 2));
      buffer = buffer.slice(end + 2);
      let updates = 0;
      for (const frame of frames) {
        switch (frame.event) {
          case "conversation-and-segment-id":
            result.firstFrameAt = t;
            result.segmentId = (frame.data as { conversationSegmentId: string }).conversationSegmentId;
            break;
          case "response-updated":
            updates += 1;
            result.firstTokenAt ??= t;
            result.lastTokenAt = t;
            result.tokens += 1;
            break;
          case "response-model":
            result.responseModelAt = t;
            break;
          case "error":
          case "internal-server-error":
            result.error = `${frame.event}: ${String(frame.data).trim()}`;
            break;
          case "no-more-data":
            result.endedAt = t;
            sawEnd = true;
            break;
        }
      }
      if (updates > 1) result.coalescedChunks! += 1;
    }
    result.ok = sawEnd && result.error === undefined && result.tokens > 0;
    if (!result.ok) result.error ??= sawEnd ? "no tokens" : "stream ended without no-more-data";
  } catch (error) {
    result.error = error instanceof Error ? error.message : String(error);
  }
  return result;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts `concurrency` streams (at once, or evenly over `rampMs`) and waits for them all; with
 * `total`, each stream that ends starts another until `total` have started.
 */
export async function runStreams(request: RunRequest): Promise<StreamResult[]> {
  const ramp = request.rampMs ?? 0;
  const total = request.total ?? request.concurrency;
  const began = now();
  const results: StreamResult[] = [];
  let started = 0;
  // One lane per stream in flight: its first stream at its place in the ramp, then the next whenever one ends.
  const lane = async (i: number) => {
    if (ramp > 0) await sleep(began + (i * ramp) / request.concurrency - now());
    while (started < total) {
      const index = started++;
      const steady = request.total !== undefined && index >= request.concurrency && now() >= began + ramp;
      const result =
        request.target.mode === "direct"
          ? await directStream(request.target, request.question, request.timeoutMs)
          : await productStream(request.target, request.question, request.timeoutMs);
      results[index] = steady ? { ...result, steady } : result;
    }
  };
  await Promise.all(Array.from({ length: request.concurrency }, (_, i) => lane(i)));
  return results;
}
