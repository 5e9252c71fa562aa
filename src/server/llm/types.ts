/** The one interface every model provider implements: stream an answer for a conversation path. */

export type ProviderType = "openai" | "azureOpenAI" | "openaiCompatible" | "anthropic" | "local";

export interface ImagePart {
  mimeType: string;
  base64: string;
}

export interface ChatTurn {
  /** `tool` carries a tool's result back to the model (toolCallId names the call). */
  role: "user" | "assistant" | "tool";
  content: string;
  images?: ImagePart[];
  /** The tools an assistant turn called. */
  toolCalls?: ToolCall[];
  toolCallId?: string;
}

/** A function the model may call; `parameters` is a JSON Schema object. */
export interface ToolDefinition {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

export interface ToolCall {
  id: string;
  name: string;
  /** The arguments as the model wrote them (JSON text, possibly malformed). */
  arguments: string;
}

export interface ModelRequest {
  /** The model or (Azure) deployment name. */
  model: string;
  systemPrompt?: string;
  messages: ChatTurn[];
  temperature?: number;
  topP?: number;
  maxTokens?: number;
  frequencyPenalty?: number;
  signal: AbortSignal;
}

/**
 * Why a model stopped, when not because its answer was done: its length limit (the agent's
 * maxTokens), the provider's content filter, or a refusal to answer.
 */
export type FinishReason = "length" | "content-filter" | "refusal";

export type ModelEvent =
  | { type: "text"; text: string }
  | { type: "usage"; inputTokens: number; outputTokens: number }
  | { type: "finish"; reason: FinishReason };

export interface ToolModelRequest extends ModelRequest {
  tools: ToolDefinition[];
}

/** A round with tools ends with the calls the model made (none when it answered in text only). */
export type ToolModelEvent = ModelEvent | { type: "tool-calls"; calls: ToolCall[] };

export interface ModelProvider {
  readonly type: ProviderType;
  stream(request: ModelRequest): AsyncIterable<ModelEvent>;
  /** Providers with tool calling (OpenAI Chat Completions, Anthropic Messages); the local engine has none. */
  streamWithTools?(request: ToolModelRequest): AsyncIterable<ToolModelEvent>;
}

/** Connection settings as stored (the key already decrypted). */
export interface ConnectionSettings {
  providerType: ProviderType;
  /** OpenAI / OpenAI-compatible / Anthropic base URL; Azure endpoint. */
  baseUrl?: string;
  apiKey?: string;
  /** Azure OpenAI API version. */
  apiVersion?: string;
}

/** A provider failure, with what the user is shown. */
export class ModelProviderError extends Error {
  constructor(
    message: string,
    readonly status: number | undefined,
  ) {
    super(message);
    this.name = "ModelProviderError";
  }
}
