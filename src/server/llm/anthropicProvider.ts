/** Anthropic Messages API through the official SDK. */
import Anthropic from "@anthropic-ai/sdk";
import type { MessageParam } from "@anthropic-ai/sdk/resources/messages";
import { toProviderError } from "./errors";
import type { ChatTurn, ConnectionSettings, ModelEvent, ModelProvider, ModelRequest } from "./types";

/** Anthropic requires max_tokens; this is used when the agent leaves it unset. */
const DEFAULT_MAX_TOKENS = 4096;
const IMAGE_TYPES = ["image/jpeg", "image/png", "image/gif", "image/webp"] as const;
type ImageType = (typeof IMAGE_TYPES)[number];

function toMessage(turn: ChatTurn): MessageParam {
  if (turn.role === "assistant" || !turn.images?.length) return { role: turn.role, content: turn.content };
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
  const client = new Anthropic({ apiKey: settings.apiKey, baseURL: settings.baseUrl || undefined, maxRetries: 0 });
  return {
    type: "anthropic",
    async *stream(request: ModelRequest): AsyncIterable<ModelEvent> {
      try {
        const stream = await client.messages.create(
          {
            model: request.model,
            system: request.systemPrompt || undefined,
            messages: request.messages.map(toMessage),
            max_tokens: request.maxTokens ?? DEFAULT_MAX_TOKENS,
            // This SDK's Messages API takes no temperature / top_p: current models fix sampling themselves.
            stream: true,
          },
          { signal: request.signal },
        );
        let inputTokens = 0;
        for await (const event of stream) {
          if (event.type === "message_start") inputTokens = event.message.usage.input_tokens;
          else if (event.type === "content_block_delta" && event.delta.type === "text_delta")
            yield { type: "text", text: event.delta.text };
          else if (event.type === "message_delta")
            yield { type: "usage", inputTokens, outputTokens: event.usage.output_tokens };
        }
        // The SDK ends the iteration quietly on abort; callers rely on an exception to mark the answer aborted.
        request.signal.throwIfAborted();
      } catch (error) {
        throw toProviderError(error, "Anthropic");
      }
    },
  };
}
