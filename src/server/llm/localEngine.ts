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
  /** The section the passage is in ("Handbook > Holidays"), when the file has headings. */
  heading?: string;
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
    const where = [passage.title, passage.page ? `page ${passage.page}` : "", passage.heading ?? ""].filter(Boolean).join(", ");
    return `${quote(passage.text, MARKDOWN_FILE.test(passage.title))}\n\n— [${i + 1}] ${escapeLabel(where)}`;
  });
  return `No language model is configured, so here are the most relevant passages from your files:\n\n${quoted.join("\n\n")}`;
}

/** Files written in markdown: their passages are quoted as the markdown they are (tables, lists, code). */
const MARKDOWN_FILE = /\.(md|markdown)$/i;

/**
 * Text shown as written within a line: each character that markdown (or its maths, `$`) reads as
 * syntax there is escaped. Brackets and parentheses become character references: after a backslash
 * they would open maths ("\\(" and "\\[" are the chat's formula delimiters).
 */
function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_{}<>~$&!|]/g, "\\$&").replace(/[[\]()]/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** A source's name as text: escaped, and no part of it taken for a web or mail address to link. */
function escapeLabel(label: string): string {
  return escapeMarkdown(label).replace(/[:@]|(?<=www)\./gi, (char) => `&#${char.charCodeAt(0)};`);
}

/** A line shown as written: escaped within, and its start too where markdown reads a block's mark ("# ", "- ", "1986.", "==="). */
function escapeLine(line: string): string {
  return escapeMarkdown(line)
    .replace(/^[#+\-=]/, "\\$&")
    .replace(/^(\d+)([.)])/, "$1\\$2");
}

/**
 * A passage as a block quote, its lines kept: a markdown file's as markdown, any other file's as its
 * text (a CSV's rows, a list typed in a text file, a PDF's lines), each line ending in a hard break.
 */
function quote(text: string, markdown: boolean): string {
  const paragraphs = text.trim().split(/\r?\n\s*\r?\n/);
  return paragraphs
    .map((paragraph) => {
      const lines = paragraph.split(/\r?\n/);
      return markdown
        ? lines.map((line) => `> ${line}`).join("\n")
        : lines.map((line) => `> ${escapeLine(line.trim())}`).join("\\\n");
    })
    .join("\n>\n");
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
