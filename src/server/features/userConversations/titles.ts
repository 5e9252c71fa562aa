/** Conversation titles: at most 50 characters (spec section 9), by the model when there is one. */
import type { ModelProvider } from "../../llm/types";

export const TITLE_MAX_LENGTH = 50;

/** Characters as the contract counts them (code points): an emoji is one. */
const charactersOf = (text: string) => [...text];

const graphemes = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/**
 * The longest start of `text` of at most `max` characters that ends between two graphemes: a flag,
 * a family emoji or a letter with its accent is never cut in two.
 */
function startOf(text: string, max: number): string {
  let kept = "";
  let characters = 0;
  for (const { segment } of graphemes.segment(text)) {
    characters += charactersOf(segment).length;
    if (characters > max) break;
    kept += segment;
  }
  return kept;
}

/**
 * Markdown a title should not show: a heading's or a list item's mark, a "Title:" label, links (their
 * text stays), and emphasis and code marks. Underscores go only around words with a space between
 * them ("_Lisbon trip_"), so that `__init__` and `snake_case` keep theirs.
 */
function withoutMarkdown(line: string): string {
  return line
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\*+|`+|~~/g, "")
    .replace(/(?<!\w)(__?)(?=\S)([^_]*?\s[^_]*?)(?<=\S)\1(?!\w)/g, "$2")
    .replace(/^\s*(?:#+|[-+>]|\d+[.)])\s+/, "")
    .replace(/^\s*title\s*:\s*/i, "");
}

/** A title from the question alone: its first line without markdown, cut at a word boundary. */
export function titleFromQuestion(question: string): string {
  const line = withoutMarkdown(question.trim().split(/\r\n?|\n/)[0]!).replace(/\s+/g, " ").trim() || "New conversation";
  if (charactersOf(line).length <= TITLE_MAX_LENGTH) return line;
  const cut = startOf(line, TITLE_MAX_LENGTH - 1);
  const atWord = cut.lastIndexOf(" ") > 20 ? cut.slice(0, cut.lastIndexOf(" ")) : cut;
  return `${atWord}…`;
}

/**
 * Quotes that a model puts around a whole title (and that are then removed): English, French,
 * German („…“), Chinese and Japanese (「…」, 『…』). A single quote wraps it only when the quotes
 * inside are apostrophes ('It's a title'; "'a' and 'b'" stays).
 */
const WRAPPING_QUOTES = /^["“«‘„「『]([^"“”«»„「」『』]*)["”»’“」』]$|^'((?:[^']|\b'\b)*)'$/;
/** A final full stop, Western or full-width (。, ．), with any spaces. */
const FINAL_STOP = /[.。．\s]+$/g;

function cleanTitle(raw: string): string {
  // A final full stop goes; quotes only when they wrap the whole title ('"x" & "y"' stays).
  const line = withoutMarkdown(raw.replaceAll("\u0000", "").trim().split(/\r\n?|\n/)[0]!).replace(FINAL_STOP, "");
  const title = line.replace(WRAPPING_QUOTES, "$1$2").replace(FINAL_STOP, "").trim();
  return charactersOf(title).length > TITLE_MAX_LENGTH ? titleFromQuestion(title) : title;
}

/** Asks the model for a short title; falls back to the question when it fails or says nothing. */
/** What the title request is given of a question or an answer: its first 2,000 characters, none cut in half. */
function firstCharacters(text: string): string {
  return text.length <= TITLE_INPUT_CHARACTERS ? text : [...text].slice(0, TITLE_INPUT_CHARACTERS).join("");
}
const TITLE_INPUT_CHARACTERS = 2000;

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
      messages: [{ role: "user", content: `Question: ${firstCharacters(question)}\n\nAnswer: ${firstCharacters(answer)}` }],
      maxTokens: 24,
      signal,
    }))
      if (event.type === "text") text += event.text;
    return cleanTitle(text) || titleFromQuestion(question);
  } catch {
    return titleFromQuestion(question);
  }
}

/**
 * Spaces, format characters (zero-width spaces and joiners, the byte order mark, soft hyphens,
 * direction marks), combining marks with no letter to sit on, and the letters drawn blank (the
 * Hangul fillers, the blank Braille pattern): a text of only these shows nothing.
 */
export const NOTHING_VISIBLE = /^[\s\p{Cf}\p{M}\u115f\u1160\u3164\uffa0\u2800]*$/u;

/**
 * A title a user gives (rename), as one line of visible text: line breaks and other control characters
 * become spaces, and bidirectional overrides go ("report\u202etxt.exe" would read "reportexe.txt", in
 * the list and in the export's file name). Empty when nothing visible is left.
 */
export function userTitle(raw: string): string {
  // eslint-disable-next-line no-control-regex -- replacing control characters is the point
  const line = raw.replace(/[\u0000-\u001f\u007f-\u009f]+/g, " ").replace(/[\u202a-\u202e\u2066-\u2069]/g, "");
  return NOTHING_VISIBLE.test(line) ? "" : line.trim();
}

