/** The one interface every model provider implements: stream an answer for a conversation path. */

export type ProviderType = "openai" | "azureOpenAI" | "openaiCompatible" | "anthropic" | "local";

export interface ImagePart {
  mimeType: string;
  base64: string;
}

export interface ChatTurn {
  role: "user" | "assistant";
  content: string;
  images?: ImagePart[];
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

export type ModelEvent =
  | { type: "text"; text: string }
  | { type: "usage"; inputTokens: number; outputTokens: number };

export interface ModelProvider {
  readonly type: ProviderType;
  stream(request: ModelRequest): AsyncIterable<ModelEvent>;
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
