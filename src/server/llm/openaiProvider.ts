/** OpenAI, Azure OpenAI and OpenAI-compatible servers (Ollama, vLLM, llama.cpp) through the official SDK. */
import OpenAI, { AzureOpenAI } from "openai";
import type { ChatCompletionMessageParam } from "openai/resources/chat/completions";
import { toProviderError } from "./errors";
import type { ChatTurn, ConnectionSettings, ModelEvent, ModelProvider, ModelRequest } from "./types";

const DEFAULT_AZURE_API_VERSION = "2024-10-21";

function toMessages(request: ModelRequest): ChatCompletionMessageParam[] {
  const messages: ChatCompletionMessageParam[] = [];
  if (request.systemPrompt) messages.push({ role: "system", content: request.systemPrompt });
  for (const turn of request.messages) messages.push(toMessage(turn));
  return messages;
}

function toMessage(turn: ChatTurn): ChatCompletionMessageParam {
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

export function createOpenAIProvider(settings: ConnectionSettings): ModelProvider {
  const client =
    settings.providerType === "azureOpenAI"
      ? new AzureOpenAI({
          endpoint: settings.baseUrl,
          apiKey: settings.apiKey,
          apiVersion: settings.apiVersion || DEFAULT_AZURE_API_VERSION,
          maxRetries: 0,
        })
      : new OpenAI({
          baseURL: settings.baseUrl || undefined,
          // OpenAI-compatible servers often need no key; the SDK insists on one.
          apiKey: settings.apiKey || "not-needed",
          maxRetries: 0,
        });
  const name = settings.providerType === "azureOpenAI" ? "Azure OpenAI" : settings.providerType === "openai" ? "OpenAI" : "The model server";
  return {
    type: settings.providerType,
    async *stream(request: ModelRequest): AsyncIterable<ModelEvent> {
      try {
        const stream = await client.chat.completions.create(
          {
            model: request.model,
            messages: toMessages(request),
            stream: true,
            stream_options: { include_usage: true },
            temperature: request.temperature,
            top_p: request.topP,
            max_completion_tokens: request.maxTokens,
            frequency_penalty: request.frequencyPenalty,
          },
          { signal: request.signal },
        );
        for await (const chunk of stream) {
          const text = chunk.choices[0]?.delta?.content;
          if (text) yield { type: "text", text };
          if (chunk.usage)
            yield { type: "usage", inputTokens: chunk.usage.prompt_tokens, outputTokens: chunk.usage.completion_tokens };
        }
        // The SDK ends the iteration quietly on abort; callers rely on an exception to mark the answer aborted.
        request.signal.throwIfAborted();
      } catch (error) {
        throw toProviderError(error, name);
      }
    },
  };
}
