/**
 * The built-in `local` engine: works with no key and no network and never
 * pretends to be a language model (decisions.md). With retrieved passages it
 * answers by quoting the most relevant ones; when the files it searched hold
 * nothing that matches the question, it says so (no quotes, no sources);
 * without files, it says that no language model is configured and where an
 * administrator adds one. It uses no model, so it reports no tokens.
 */
import type { ModelEvent, ModelProvider, ModelRequest } from "./types";

export interface Passage {
  /** The source's title (file name). */
  title: string;
  page?: number;
  text: string;
}

/** What the engine answers from: the passages to quote, and whether any files were searched for them. */
export interface LocalGrounding {
  passages: readonly Passage[];
  /** True when the agent or the conversation has files: no passage then means none matched the question. */
  searchedFiles: boolean;
}

/** Where chat models are set up: a connection with a deployment per model (Management → Connections). */
const HOW_TO_ADD_A_MODEL =
  "An administrator sets up chat models under **[Management → Connections](/admin/connection)**: " +
  "a connection (OpenAI, Azure OpenAI, Anthropic or any OpenAI-compatible server) with its key, " +
  "and a deployment for each model it serves; then chooses that model as the model deployment " +
  "in the agent's configuration.";

export const NO_MODEL_MESSAGE =
  `No language model is configured for this agent, so I can't compose an answer. ${HOW_TO_ADD_A_MODEL}`;

export const NO_MATCHING_PASSAGE_MESSAGE =
  "No language model is configured for this agent, so I can only quote its files, " +
  `and nothing in them matches your question: the files do not cover it. ${HOW_TO_ADD_A_MODEL}`;

/** How many passages the engine quotes at most (and so how many it is given: its sources are exactly these). */
export const MAX_QUOTED_PASSAGES = 3;

export function localAnswer(passages: readonly Passage[], searchedFiles = passages.length > 0): string {
  if (passages.length === 0) return searchedFiles ? NO_MATCHING_PASSAGE_MESSAGE : NO_MODEL_MESSAGE;
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

const NOTHING_SEARCHED: LocalGrounding = { passages: [], searchedFiles: false };

export function createLocalEngine(groundingFor: (request: ModelRequest) => LocalGrounding = () => NOTHING_SEARCHED): ModelProvider {
  return {
    type: "local",
    async *stream(request: ModelRequest): AsyncIterable<ModelEvent> {
      const { passages, searchedFiles } = groundingFor(request);
      for (const piece of pieces(localAnswer(passages, searchedFiles))) {
        request.signal.throwIfAborted();
        yield { type: "text", text: piece };
      }
      // No model ran: nothing counts against a token budget or in the analytics' token figures.
      yield { type: "usage", inputTokens: 0, outputTokens: 0 };
    },
  };
}
