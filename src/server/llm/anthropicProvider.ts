/** Anthropic Messages API through the official SDK. */
import Anthropic from "@anthropic-ai/sdk";
import type { MessageParam, Tool } from "@anthropic-ai/sdk/resources/messages";
import { ProviderStreamError, toProviderError } from "./errors";
import { NO_KEY } from "./connectionKey";
import type { ChatTurn, ConnectionSettings, ModelEvent, ModelProvider, ModelRequest, ToolCall, ToolModelEvent, ToolModelRequest } from "./types";

/** Anthropic requires max_tokens; this is used when the agent leaves it unset. */
const DEFAULT_MAX_TOKENS = 4096;
/** Anthropic's own API, for a connection without a base URL. */
const ANTHROPIC_BASE_URL = "https://api.anthropic.com";
const IMAGE_TYPES = ["image/jpeg", "image/png", "image/gif", "image/webp"] as const;
type ImageType = (typeof IMAGE_TYPES)[number];

function parseInput(call: ToolCall): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(call.arguments || "{}");
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Anthropic takes tool results as user turns, all results of one assistant turn together. */
function toMessages(turns: readonly ChatTurn[]): MessageParam[] {
  const messages: MessageParam[] = [];
  for (const turn of turns) {
    if (turn.role !== "tool") {
      messages.push(toMessage(turn));
      continue;
    }
    const result = { type: "tool_result" as const, tool_use_id: turn.toolCallId ?? "", content: turn.content };
    const last = messages.at(-1);
    if (last?.role === "user" && Array.isArray(last.content) && last.content.every((block) => block.type === "tool_result"))
      last.content.push(result);
    else messages.push({ role: "user", content: [result] });
  }
  return messages;
}

function toMessage(turn: ChatTurn): MessageParam {
  if (turn.role === "assistant" && turn.toolCalls?.length)
    return {
      role: "assistant",
      content: [
        ...(turn.content ? [{ type: "text" as const, text: turn.content }] : []),
        ...turn.toolCalls.map((call) => ({ type: "tool_use" as const, id: call.id, name: call.name, input: parseInput(call) })),
      ],
    };
  if (turn.role === "assistant" || turn.role === "tool" || !turn.images?.length)
    return { role: turn.role === "assistant" ? "assistant" : "user", content: turn.content };
  return {
    role: "user",
    content: [
      ...turn.images
        .filter((image): image is { mimeType: ImageType; base64: string } => IMAGE_TYPES.includes(image.mimeType as ImageType))
        .map((image) => ({
          type: "image" as const,
          source: { type: "base64" as const, media_type: image.mimeType, data: image.base64 },
        })),
      { type: "text" as const, text: turn.content },
    ],
  };
}

export function createAnthropicProvider(settings: ConnectionSettings): ModelProvider {
  // The connection's own key and address only, never the environment's (ANTHROPIC_API_KEY, ANTHROPIC_BASE_URL): see openAIClientFor.
  const client = new Anthropic({
    apiKey: settings.apiKey || NO_KEY,
    baseURL: settings.baseUrl || ANTHROPIC_BASE_URL,
    maxRetries: 0,
  });
  const secrets = settings.apiKey ? [settings.apiKey] : [];
  async function* run(request: ModelRequest, tools: Tool[] | undefined): AsyncIterable<ToolModelEvent> {
    // message_start reports the input's tokens, message_delta the output's: both are spent even
    // when the answer breaks or is stopped in between, and count towards the usage and budgets.
    let usage: { inputTokens: number; outputTokens: number } | undefined;
    let usageReported = false;
    try {
      const stream = await client.messages.create(
        {
          model: request.model,
          system: request.systemPrompt || undefined,
          messages: toMessages(request.messages),
          max_tokens: request.maxTokens ?? DEFAULT_MAX_TOKENS,
          // This SDK's Messages API takes no temperature / top_p: current models fix sampling themselves.
          stream: true,
          ...(tools ? { tools } : {}),
        },
        { signal: request.signal },
      );
      // tool_use blocks stream their input as JSON fragments, keyed by the block's index.
      const calls = new Map<number, ToolCall>();
      let stopped = false;
      let answered = false;
      for await (const event of stream) {
        if (event.type === "message_start")
          usage = { inputTokens: event.message.usage.input_tokens, outputTokens: event.message.usage.output_tokens };
        else if (event.type === "content_block_start" && event.content_block.type === "tool_use")
          calls.set(event.index, { id: event.content_block.id, name: event.content_block.name, arguments: "" });
        else if (event.type === "content_block_delta" && event.delta.type === "text_delta") {
          answered ||= event.delta.text !== "";
          yield { type: "text", text: event.delta.text };
        }
        else if (event.type === "content_block_delta" && event.delta.type === "input_json_delta") {
          const call = calls.get(event.index);
          if (call) call.arguments += event.delta.partial_json;
        } else if (event.type === "message_delta") {
          usage = { inputTokens: usage?.inputTokens ?? 0, outputTokens: event.usage.output_tokens };
          usageReported = true;
          yield { type: "usage", ...usage };
          const reason = event.delta.stop_reason;
          if (reason === "max_tokens") yield { type: "finish", reason: "length" };
          // Anthropic's safety classifiers can stop an answer part way: what came is kept, and said to be cut
          // short by the provider's filter (as OpenAI's content_filter is); with nothing said, the model declined.
          else if (reason === "refusal") yield { type: "finish", reason: answered ? "content-filter" : "refusal" };
        } else if (event.type === "message_stop") stopped = true;
      }
      // The SDK ends the iteration quietly on abort; callers rely on an exception to mark the answer aborted.
      request.signal.throwIfAborted();
      // A body that ended in good order before message_stop: the answer was cut short.
      if (!stopped) throw new ProviderStreamError("incomplete");
      if (tools) yield { type: "tool-calls", calls: [...calls.entries()].sort(([a], [b]) => a - b).map(([, call]) => call) };
    } catch (error) {
      if (usage && !usageReported) yield { type: "usage", ...usage };
      throw toProviderError(error, "Anthropic", secrets);
    }
  }
  return {
    type: "anthropic",
    async *stream(request: ModelRequest): AsyncIterable<ModelEvent> {
      for await (const event of run(request, undefined)) if (event.type !== "tool-calls") yield event;
    },
    streamWithTools(request: ToolModelRequest): AsyncIterable<ToolModelEvent> {
      const tools = request.tools.map((tool) => ({
        name: tool.name,
        description: tool.description,
        input_schema: { type: "object" as const, ...tool.parameters },
      }));
      return run(request, tools);
    },
  };
}
