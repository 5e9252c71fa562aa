/** Conversation titles: at most 50 characters (spec section 9), by the model when there is one. */
import type { ModelProvider } from "../../llm/types";

export const TITLE_MAX_LENGTH = 50;

/** Characters as the contract counts them (code points): an emoji is one, and is never cut in two. */
const charactersOf = (text: string) => [...text];

/** A title from the question alone: its first line, cut at a word boundary. */
export function titleFromQuestion(question: string): string {
  const line = question.trim().split("\n")[0]!.replace(/\s+/g, " ").trim() || "New conversation";
  const characters = charactersOf(line);
  if (characters.length <= TITLE_MAX_LENGTH) return line;
  const cut = characters.slice(0, TITLE_MAX_LENGTH - 1).join("");
  const atWord = cut.lastIndexOf(" ") > 20 ? cut.slice(0, cut.lastIndexOf(" ")) : cut;
  return `${atWord}…`;
}

/** Quotes that a model puts around a whole title (and that are then removed). */
const WRAPPING_QUOTES = /^["“]([^"“”]*)["”]$|^'([^']*)'$/;

function cleanTitle(raw: string): string {
  // Markdown marks (emphasis and code anywhere, a heading's at the start) and a final full stop go;
  // quotes only when they wrap the whole title ('"x" & "y"' stays).
  const line = raw
    .replaceAll("\u0000", "")
    .trim()
    .split("\n")[0]!
    .replace(/\*+|`+|~~|(?<!\w)__|__(?!\w)/g, "")
    .replace(/^[#\s]+|[.\s]+$/g, "");
  const title = line.replace(WRAPPING_QUOTES, "$1$2").replace(/^[#\s]+|[.\s]+$/g, "").trim();
  return charactersOf(title).length > TITLE_MAX_LENGTH ? titleFromQuestion(title) : title;
}

/** Asks the model for a short title; falls back to the question when it fails or says nothing. */
export async function generateTitle(
  provider: ModelProvider,
  model: string,
  question: string,
  answer: string,
  signal: AbortSignal,
): Promise<string> {
  if (provider.type === "local") return titleFromQuestion(question);
  try {
    let text = "";
    for await (const event of provider.stream({
      model,
      systemPrompt: "You name conversations. Reply with a title of at most six words, no quotes, no punctuation at the end.",
      messages: [{ role: "user", content: `Question: ${question.slice(0, 2000)}\n\nAnswer: ${answer.slice(0, 2000)}` }],
      maxTokens: 24,
      signal,
    }))
      if (event.type === "text") text += event.text;
    return cleanTitle(text) || titleFromQuestion(question);
  } catch {
    return titleFromQuestion(question);
  }
}
