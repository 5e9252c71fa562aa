/**
 * The built-in `local` engine: works with no key and no network and never
 * pretends to be a language model (decisions.md). With retrieved passages it
 * answers by quoting the most relevant ones; without, it says that no language
 * model is configured and where an administrator adds one.
 */
import type { ModelEvent, ModelProvider, ModelRequest } from "./types";

export interface Passage {
  /** The source's title (file name). */
  title: string;
  page?: number;
  text: string;
}

export const NO_MODEL_MESSAGE =
  "No language model is configured for this agent, so I can't compose an answer. " +
  "An administrator can add a model connection (OpenAI, Azure OpenAI, Anthropic or any OpenAI-compatible server) " +
  "under **Management → Instance Settings → API keys** and choose its model in the agent's configuration.";

/** How many passages the engine quotes at most. */
const MAX_QUOTED_PASSAGES = 3;

export function localAnswer(passages: readonly Passage[]): string {
  if (passages.length === 0) return NO_MODEL_MESSAGE;
  const quoted = passages.slice(0, MAX_QUOTED_PASSAGES).map((passage, i) => {
    const where = passage.page ? `${passage.title}, page ${passage.page}` : passage.title;
    const text = passage.text.trim().replace(/\n+/g, " ");
    return `> ${text}\n\n— [${i + 1}] ${where}`;
  });
  return `No language model is configured, so here are the most relevant passages from your files:\n\n${quoted.join("\n\n")}`;
}

/** Splits text into word-sized pieces so the answer streams like any provider's. */
function* pieces(text: string): Generator<string> {
  for (const match of text.matchAll(/\S+\s*|\s+/g)) yield match[0];
}

export function createLocalEngine(passagesFor: (request: ModelRequest) => readonly Passage[] = () => []): ModelProvider {
  return {
    type: "local",
    async *stream(request: ModelRequest): AsyncIterable<ModelEvent> {
      const answer = localAnswer(passagesFor(request));
      let count = 0;
      for (const piece of pieces(answer)) {
        request.signal.throwIfAborted();
        count += 1;
        yield { type: "text", text: piece };
      }
      yield { type: "usage", inputTokens: 0, outputTokens: count };
    },
  };
}
