/**
 * The streaming Chat Completions request on Node's own HTTP client. The SDK still
 * decides the wire (URL, Azure's deployment path and api-version, auth and its
 * own headers: `client.buildRequest`, once per model) and turns error statuses
 * into its errors (`APIError.generate`); only the transport differs. The SDK's
 * per-request work and fetch's web streams cost the server thread about twice
 * as much per streamed answer as a keep-alive `http.request` whose body is read
 * as Node stream pieces (scripts/bench/streaming.ts, a few hundred answers at once).
 */
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";
import { APIConnectionError, APIError, APIUserAbortError, type OpenAI } from "openai";
import { ProviderStreamError } from "./errors";
import { EventQueue } from "./eventQueue";
import { readSseData } from "./sseData";

interface Target {
  url: URL;
  headers: Record<string, string>;
}

/** The SDK's own default: 10 minutes without a byte ends the request. */
const IDLE_TIMEOUT_MS = 600_000;

// An agent `timeout` is what makes Node honour a server's `Keep-Alive: timeout=N` hint (it then
// drops an idle connection a second before the server would); without one it never does.
const AGENT_OPTIONS = { keepAlive: true, timeout: 60_000 };
const httpAgent = new HttpAgent(AGENT_OPTIONS);
const httpsAgent = new HttpsAgent(AGENT_OPTIONS);

/** Per SDK client, the request target per model (Azure puts the deployment in the path). */
const targets = new WeakMap<OpenAI, Map<string, Promise<Target>>>();

function targetFor(client: OpenAI, model: string): Promise<Target> {
  let byModel = targets.get(client);
  if (!byModel) targets.set(client, (byModel = new Map()));
  let target = byModel.get(model);
  if (!target) {
    target = client.buildRequest({ method: "post", path: "/chat/completions", body: { model } }).then(({ req, url }) => {
      const headers: Record<string, string> = {};
      new Headers(req.headers as HeadersInit).forEach((value, name) => {
        headers[name] = value;
      });
      return { url: new URL(url), headers };
    });
    // A failure is not kept: the next request builds it afresh.
    target.catch(() => byModel.delete(model));
    byModel.set(model, target);
  }
  return target;
}

function send(target: Target, payload: string, signal: AbortSignal, retried = false): Promise<IncomingMessage> {
  const https = target.url.protocol === "https:";
  return new Promise<IncomingMessage>((resolve, reject) => {
    let responded = false;
    const req = (https ? httpsRequest : httpRequest)(
      target.url,
      {
        method: "POST",
        agent: https ? httpsAgent : httpAgent,
        headers: { ...target.headers, "content-length": String(Buffer.byteLength(payload)) },
        signal,
        timeout: IDLE_TIMEOUT_MS,
      },
      (response) => {
        responded = true;
        resolve(response);
      },
    );
    req.on("timeout", () => req.destroy(new Error("the model server sent nothing for 10 minutes")));
    req.on("error", (error: NodeJS.ErrnoException) => {
      // A kept-alive connection the server closed just as it was reused: the request never reached
      // it, so it is sent once more on a new connection (Node's documented remedy).
      if (!responded && !retried && req.reusedSocket && error.code === "ECONNRESET" && !signal.aborted)
        resolve(send(target, payload, signal, true));
      // Once the response has begun, a broken connection surfaces through its body instead.
      else reject(error);
    });
    req.end(payload);
  });
}

async function bodyText(response: IncomingMessage): Promise<string> {
  let text = "";
  response.setEncoding("utf8");
  for await (const piece of response as AsyncIterable<string>) text += piece;
  return text;
}

async function statusError(response: IncomingMessage): Promise<APIError> {
  const text = await bodyText(response);
  let json: object | undefined;
  try {
    json = JSON.parse(text) as object;
  } catch {
    json = undefined;
  }
  const headers = new Headers();
  for (const [name, value] of Object.entries(response.headers))
    if (typeof value === "string") headers.set(name, value);
  return APIError.generate(response.statusCode!, json, json ? undefined : text, headers);
}

interface Completion {
  choices?: { message?: { content?: string | null; refusal?: string | null; tool_calls?: { id: string; function: { name: string; arguments: string } }[] }; finish_reason?: string }[];
  usage?: unknown;
  error?: object;
}

/**
 * A whole answer where a stream was asked for: some OpenAI-compatible servers ignore `stream`.
 * It is handed on as the one chunk that would have carried it all, then [DONE].
 */
function completionAsChunks(text: string, contentType: string): string[] {
  let completion: Completion;
  try {
    completion = JSON.parse(text) as Completion;
  } catch {
    throw new ProviderStreamError("not-a-stream", contentType);
  }
  if (completion.error) throw new APIError(undefined, completion.error, undefined, undefined);
  const choice = completion.choices?.[0];
  if (!choice?.message) throw new ProviderStreamError("not-a-stream", contentType);
  const { content, refusal, tool_calls: calls } = choice.message;
  const delta = {
    content,
    refusal,
    ...(calls?.length ? { tool_calls: calls.map((call, index) => ({ index, id: call.id, function: call.function })) } : {}),
  };
  const chunk = { choices: [{ index: 0, delta, finish_reason: choice.finish_reason ?? "stop" }], usage: completion.usage };
  return [JSON.stringify(chunk), "[DONE]"];
}

/** How the caller turns the answer's events into its own. */
export interface ChatCompletionReader<T> {
  /** One event's data (a JSON chunk, or `[DONE]`); what it throws fails the stream. */
  onData(data: string, emit: (event: T) => void): void;
  /** After the last event of a complete body. */
  onEnd(emit: (event: T) => void): void;
  /** What the caller's loop throws for a failure (the SDK's error, or a connection's). */
  mapError(error: unknown): unknown;
}

/**
 * POSTs a streaming Chat Completions body and hands the `data` of each event of the answer to
 * `reader`, whose events the returned iterable yields. Failures come as the SDK's errors
 * (APIError by status, APIConnectionError, APIUserAbortError) through `reader.mapError`.
 * Leaving the loop early closes the request.
 */
export function streamChatCompletion<T>(client: OpenAI, body: { model: string }, signal: AbortSignal, reader: ChatCompletionReader<T>): AsyncIterable<T> {
  return {
    [Symbol.asyncIterator]() {
      let response: IncomingMessage | undefined;
      let stopped = false;
      const queue: EventQueue<T> = new EventQueue<T>({
        stop: () => {
          stopped = true;
          response?.destroy();
        },
        pause: () => response?.pause(),
        resume: () => response?.resume(),
      });
      const emit = (event: T) => queue.push(event);
      const fail = (error: unknown) => {
        queue.end(reader.mapError(error));
        response?.destroy();
      };
      const start = async () => {
        if (signal.aborted) throw new APIUserAbortError();
        try {
          response = await send(await targetFor(client, body.model), JSON.stringify(body), signal);
        } catch (error) {
          if (signal.aborted) throw new APIUserAbortError();
          throw new APIConnectionError({ cause: error as Error });
        }
        if (stopped) return void response.destroy();
        const status = response.statusCode ?? 0;
        if (status < 200 || status >= 300) throw await statusError(response);
        const contentType = String(response.headers["content-type"] ?? "");
        // A wrong address often answers 200 with a web page (a portal, a proxy's sign-in).
        if (/html/i.test(contentType)) throw new ProviderStreamError("web-page", await bodyText(response));
        if (/json/i.test(contentType)) {
          for (const data of completionAsChunks(await bodyText(response), contentType)) reader.onData(data, emit);
          reader.onEnd(emit);
          return queue.end();
        }
        const answer = response;
        readSseData(answer, (data) => reader.onData(data, emit), (error) => {
          // A body may end quietly on abort; callers rely on an exception to mark the answer aborted.
          if (signal.aborted) return fail(new APIUserAbortError());
          if (error !== undefined) return fail(error);
          // A body cut short (a reset, or the server closing mid-answer) must not pass for a finished answer.
          if (!answer.complete) return fail(new APIConnectionError({ message: "The model server closed the stream mid-answer." }));
          try {
            reader.onEnd(emit);
            queue.end();
          } catch (endError) {
            fail(endError);
          }
        });
      };
      start().catch(fail);
      return queue;
    },
  };
}
