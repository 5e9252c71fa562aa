/**
 * The load generator of the streaming benchmark: runs N concurrent streams either
 * straight against the model server ("direct": the request the product sends, read with
 * the product's own event reader) or through the product's chat stream ("product":
 * frames decoded with the product's own decoder). Both go through Node's keep-alive
 * `http.request`, the transport the product itself uses to reach a model: the load
 * generator shares the machine's two cores with the server, and with the SDK's fetch
 * streams (direct) and fetch (product) it took a third of a core at 200 streams, against
 * a sixth now (the benchmark's "client thread utilisation"). No side effects on import: it
 * runs inline in the main thread or inside streamingClientWorker.ts.
 *
 * Every timestamp is epoch milliseconds with sub-millisecond precision
 * (performance.timeOrigin + performance.now()), comparable across threads.
 */
import { Agent, request, type IncomingMessage } from "node:http";
import { readSseData } from "../../src/server/llm/sseData";
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
  /** Network reads that carried at least one answer frame (the product's stream only). */
  answerChunks?: number;
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

// Keep-alive connections, like the browsers' and the product's own to the model.
const agent = new Agent({ keepAlive: true });

/**
 * POSTs a JSON body and hands an event-stream answer to `onResponse`; resolves once its body has
 * ended, or with the error text of any other answer.
 */
function postStreaming(
  url: string,
  headers: Record<string, string>,
  body: unknown,
  timeoutMs: number,
  onResponse: (response: IncomingMessage) => void,
): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: "POST",
        agent,
        headers: { ...headers, "content-type": "application/json" },
        signal: AbortSignal.timeout(timeoutMs),
      },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status !== 200 || !/^text\/event-stream/.test(response.headers["content-type"] ?? "")) {
          let text = "";
          response.setEncoding("utf8");
          response.on("data", (piece: string) => (text += piece));
          response.on("end", () => resolve(`HTTP ${status}: ${text.slice(0, 200)}`));
          response.on("error", reject);
          return;
        }
        onResponse(response);
        response.on("end", () => resolve(undefined));
        response.on("error", reject);
        response.on("close", () => {
          if (!response.complete) reject(new Error("response closed before its end"));
        });
      },
    );
    req.on("error", reject);
    req.end(JSON.stringify(body));
  });
}

async function directStream(target: DirectTarget, question: string, timeoutMs: number): Promise<StreamResult> {
  const result: StreamResult = { ok: false, startedAt: now(), tokens: 0 };
  try {
    // The request the product's OpenAI adapter sends (src/server/llm/openaiProvider.ts), read with
    // the product's own event reader (src/server/llm/sseData.ts).
    const error = await postStreaming(
      `${target.openaiBaseUrl.replace(/\/$/, "")}/chat/completions`,
      { authorization: "Bearer sk-bench" },
      {
        model: target.model,
        messages: [
          { role: "system", content: target.systemPrompt },
          { role: "user", content: question },
        ],
        stream: true,
        stream_options: { include_usage: true },
      },
      timeoutMs,
      (response) =>
        readSseData(
          response,
          (data) => {
            if (data === "[DONE]") return;
            const chunk = JSON.parse(data) as { choices?: { delta?: { content?: string } }[] };
            if (!chunk.choices?.[0]?.delta?.content) return;
            const t = now();
            result.firstTokenAt ??= t;
            result.lastTokenAt = t;
            result.tokens += 1;
          },
          (error) => {
            if (error) result.error ??= error instanceof Error ? error.message : String(error);
          },
        ),
    );
    result.endedAt = now();
    result.error ??= error;
    result.ok = result.error === undefined && result.tokens > 0;
    if (!result.ok) result.error ??= "no tokens";
  } catch (error) {
    result.error ??= error instanceof Error ? error.message : String(error);
  }
  return result;
}

async function productStream(target: ProductTarget, question: string, timeoutMs: number): Promise<StreamResult> {
  const result: StreamResult = { ok: false, startedAt: now(), tokens: 0, answerChunks: 0 };
  let sawEnd = false;
  const onFrames = (frames: { event: string; data: unknown }[], t: number) => {
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
    if (updates > 0) result.answerChunks! += 1;
  };
  try {
    const error = await postStreaming(
      `${target.serverUrl}/api/internal/userConversations/byGptSystemId/${target.gptSystemId}`,
      { authorization: `Bearer ${target.token}` },
      { question },
      timeoutMs,
      (response) => {
        // Frames are ASCII (event names and base64), so a piece never splits a character.
        response.setEncoding("latin1");
        let buffer = "";
        response.on("data", (piece: string) => {
          const t = now();
          buffer += piece;
          const end = buffer.lastIndexOf("\n\n");
          if (end < 0) return;
          onFrames(decodeFrames(buffer.slice(0, end + 2)), t);
          buffer = buffer.slice(end + 2);
        });
      },
    );
    result.error ??= error;
    result.ok = sawEnd && result.error === undefined && result.tokens > 0;
    if (!result.ok) result.error ??= sawEnd ? "no tokens" : "stream ended without no-more-data";
  } catch (error) {
    result.error ??= error instanceof Error ? error.message : String(error);
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
