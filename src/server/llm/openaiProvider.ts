/** OpenAI, Azure OpenAI and OpenAI-compatible servers (Ollama, vLLM, llama.cpp) through the official SDK. */
import OpenAI, { APIError, AzureOpenAI } from "openai";
import type { ChatCompletionChunk, ChatCompletionMessageParam } from "openai/resources/chat/completions";
import { ProviderStreamError, toProviderError } from "./errors";
import { NO_KEY } from "./connectionKey";
import { streamChatCompletion } from "./openaiHttp";
import type { ChatCompletionTool } from "openai/resources/chat/completions";
import type { ChatTurn, ConnectionSettings, FinishReason, ModelEvent, ModelProvider, ModelRequest, ToolCall, ToolModelEvent, ToolModelRequest } from "./types";

const DEFAULT_AZURE_API_VERSION = "2024-10-21";

function toMessages(request: ModelRequest): ChatCompletionMessageParam[] {
  const messages: ChatCompletionMessageParam[] = [];
  if (request.systemPrompt) messages.push({ role: "system", content: request.systemPrompt });
  for (const turn of request.messages) messages.push(toMessage(turn));
  return messages;
}

function toMessage(turn: ChatTurn): ChatCompletionMessageParam {
  if (turn.role === "tool") return { role: "tool", tool_call_id: turn.toolCallId ?? "", content: turn.content };
  if (turn.role === "assistant" && turn.toolCalls?.length)
    return {
      role: "assistant",
      content: turn.content || null,
      tool_calls: turn.toolCalls.map((call) => ({ id: call.id, type: "function" as const, function: { name: call.name, arguments: call.arguments } })),
    };
  if (turn.role === "assistant") return { role: "assistant", content: turn.content };
  if (!turn.images?.length) return { role: "user", content: turn.content };
  return {
    role: "user",
    content: [
      { type: "text", text: turn.content },
      ...turn.images.map((image) => ({
        type: "image_url" as const,
        image_url: { url: `data:${image.mimeType};base64,${image.base64}` },
      })),
    ],
  };
}

/** OpenAI's own API, for an OpenAI connection without a base URL. */
const OPENAI_BASE_URL = "https://api.openai.com/v1";

/**
 * The SDK client for an OpenAI, Azure OpenAI or OpenAI-compatible connection (chat and embeddings alike).
 * Everything comes from the connection: the SDK would otherwise fill a missing key, base URL or
 * organisation from the server's environment (OPENAI_BASE_URL, AZURE_OPENAI_API_KEY, …), sending the
 * environment's key to whatever address a connection names, or one connection's requests elsewhere.
 */
export function openAIClientFor(settings: ConnectionSettings): OpenAI {
  const apiKey = settings.apiKey || NO_KEY;
  return settings.providerType === "azureOpenAI"
    ? new AzureOpenAI({
        endpoint: settings.baseUrl,
        baseURL: null,
        apiKey,
        apiVersion: settings.apiVersion || DEFAULT_AZURE_API_VERSION,
        organization: null,
        project: null,
        maxRetries: 0,
      })
    : new OpenAI({
        baseURL: settings.baseUrl || OPENAI_BASE_URL,
        apiKey,
        organization: null,
        project: null,
        maxRetries: 0,
      });
}

/** How errors name the provider to users. */
export function openAIProviderName(settings: ConnectionSettings): string {
  return settings.providerType === "azureOpenAI" ? "Azure OpenAI" : settings.providerType === "openai" ? "OpenAI" : "The model server";
}

/** The finish reasons a user is told of (stop and tool_calls are an answer's normal end). */
const NOTABLE_FINISH: Partial<Record<string, FinishReason>> = { length: "length", content_filter: "content-filter" };

export function createOpenAIProvider(settings: ConnectionSettings): ModelProvider {
  const client = openAIClientFor(settings);
  const name = openAIProviderName(settings);
  const secrets = settings.apiKey ? [settings.apiKey] : [];
  // OpenAI and Azure take max_completion_tokens (max_tokens is refused by their reasoning models);
  // the compatible servers read max_tokens (Ollama reads nothing else).
  const maxTokensField = settings.providerType === "openaiCompatible" ? "max_tokens" : "max_completion_tokens";
  function run(request: ModelRequest, tools: ChatCompletionTool[] | undefined): AsyncIterable<ToolModelEvent> {
    // The SDK builds the request and its errors; Node's HTTP client carries it (openaiHttp.ts),
    // which costs the server thread about half of what the SDK's fetch and stream do per answer.
    const body = {
      model: request.model,
      messages: toMessages(request),
      stream: true as const,
      stream_options: { include_usage: true },
      temperature: request.temperature,
      top_p: request.topP,
      [maxTokensField]: request.maxTokens,
      frequency_penalty: request.frequencyPenalty,
      ...(tools ? { tools } : {}),
    };
    // Tool calls arrive in pieces keyed by index: the id and name first, the JSON arguments in fragments.
    const calls = new Map<number, ToolCall>();
    let finished = false;
    // Servers that send no [DONE] still end their answer with a finish reason.
    let finishReasonSeen = false;
    return streamChatCompletion<ToolModelEvent>(client, body, request.signal, {
      onData(data, emit) {
        // After [DONE] the body is read to its end, so the connection can be reused.
        if (finished || data.startsWith("[DONE]")) {
          finished = true;
          return;
        }
        const chunk = JSON.parse(data) as ChatCompletionChunk & { error?: unknown };
        if (chunk.error) throw new APIError(undefined, chunk.error as object, undefined, undefined);
        const choice = chunk.choices?.[0];
        const delta = choice?.delta;
        // A refusal is the model's answer, in a field of its own.
        const text = delta?.content || delta?.refusal;
        if (text) emit({ type: "text", text });
        if (delta?.refusal && !delta.content) emit({ type: "finish", reason: "refusal" });
        for (const piece of delta?.tool_calls ?? []) {
          const call = calls.get(piece.index) ?? { id: "", name: "", arguments: "" };
          call.id ||= piece.id ?? "";
          call.name ||= piece.function?.name ?? "";
          call.arguments += piece.function?.arguments ?? "";
          calls.set(piece.index, call);
        }
        if (choice?.finish_reason) {
          finishReasonSeen = true;
          const notable = NOTABLE_FINISH[choice.finish_reason];
          if (notable) emit({ type: "finish", reason: notable });
        }
        if (chunk.usage) emit({ type: "usage", inputTokens: chunk.usage.prompt_tokens, outputTokens: chunk.usage.completion_tokens });
      },
      onEnd(emit) {
        // A body that ended in good order without its answer's end (a proxy's timeout, a crashed worker).
        if (!finished && !finishReasonSeen) throw new ProviderStreamError("incomplete");
        if (tools) emit({ type: "tool-calls", calls: [...calls.entries()].sort(([a], [b]) => a - b).map(([, call]) => call) });
      },
      mapError: (error) => toProviderError(error, name, secrets),
    });
  }
  return {
    type: settings.providerType,
    // Without tools, run emits no tool-calls event: no filtering generator (one less promise chain per chunk).
    stream: (request: ModelRequest): AsyncIterable<ModelEvent> => run(request, undefined) as AsyncIterable<ModelEvent>,
    streamWithTools(request: ToolModelRequest): AsyncIterable<ToolModelEvent> {
      const tools = request.tools.map((tool) => ({
        type: "function" as const,
        function: { name: tool.name, description: tool.description, parameters: tool.parameters },
      }));
      return run(request, tools);
    },
  };
}
