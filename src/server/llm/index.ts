/** Picks the provider adapter for a connection. */
import { createAnthropicProvider } from "./anthropicProvider";
import { createLocalEngine } from "./localEngine";
import { createOpenAIProvider } from "./openaiProvider";
import type { ConnectionSettings, ModelProvider } from "./types";

export function createProvider(settings: ConnectionSettings): ModelProvider {
  switch (settings.providerType) {
    case "openai":
    case "azureOpenAI":
    case "openaiCompatible":
      return createOpenAIProvider(settings);
    case "anthropic":
      return createAnthropicProvider(settings);
    case "local":
      return createLocalEngine();
  }
}
