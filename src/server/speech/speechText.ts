/**
 * What of a markdown answer is read aloud, and in which pieces: code blocks and
 * markup are left out, links read as their text, and the answer is cut into
 * sentences as it streams so the first one is spoken before the answer ends.
 */

/** Longest piece given to the synthesiser at once; longer sentences are cut at a comma or a space. */
export const MAX_SENTENCE_CHARS = 280;

const FENCE = /^\s{0,3}(`{3,}|~{3,})/;
const HEADING = /^\s{0,3}#{1,6}\s+/;
const QUOTE = /^\s{0,3}(>\s?)+/;
const LIST_ITEM = /^\s*(?:[-*+]|\d{1,9}[.)])\s+(?:\[[ xX]\]\s+)?/;
const RULE = /^\s{0,3}([-*_])(\s*\1){2,}\s*$/;
const TABLE_DIVIDER = /^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$/;

/** Inline markdown of one line to plain words. */
export function inlineToSpeech(text: string): string {
  return text
    .replace(/\$\$[^$]*\$\$/g, " ")
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\[([^\]]+)\]\([^)]*\)/g, "$1")
    .replace(/\[\^?\d+\]/g, "")
    .replace(/<\/?[a-zA-Z][^>]*>/g, " ")
    .replace(/https?:\/\/\S+/g, "a link")
    .replace(/`+([^`]*)`+/g, "$1")
    .replace(/(\*\*|__|~~)(.+?)\1/g, "$2")
    .replace(/(^|[^\w*])[*_]([^*_\s][^*_]*?)[*_](?=[^\w*]|$)/g, "$1$2")
    .replace(/[*#`~|]/g, " ")
    .replace(/\\([\\`*_{}[\]()#+\-.!])/g, "$1")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/\s+/g, " ")
    .trim();
}

/** One whole line outside code blocks to plain words, and whether it stands on its own (heading, list item, table row). */
function lineToSpeech(line: string): { text: string; standalone: boolean } {
  if (RULE.test(line) || TABLE_DIVIDER.test(line)) return { text: "", standalone: true };
  const standalone = HEADING.test(line) || LIST_ITEM.test(line) || line.trim().startsWith("|") || line.trim() === "";
  const cells = line.trim().startsWith("|")
    ? line
        .split("|")
        .map((c) => c.trim())
        .filter(Boolean)
        .join(", ")
    : line;
  const body = cells.replace(HEADING, "").replace(QUOTE, "").replace(LIST_ITEM, "");
  return { text: inlineToSpeech(body), standalone };
}

/** Markdown to the text read aloud (code blocks left out). */
export function markdownToSpeech(markdown: string): string {
  const splitter = new SentenceSplitter();
  return [...splitter.push(markdown), ...splitter.end()].join(" ");
}

/** Sentence ends: terminal punctuation, closing quotes or brackets, then white space. */
const SENTENCE_END = /[.!?…]+["'”’)\]]*\s+/g;

/** Splits a text of whole sentences into pieces the synthesiser takes at once. */
export function splitSentences(text: string): { sentences: string[]; rest: string } {
  const sentences: string[] = [];
  let start = 0;
  for (const match of text.matchAll(SENTENCE_END)) {
    const end = match.index + match[0].length;
    sentences.push(...capLength(text.slice(start, end).trim()));
    start = end;
  }
  return { sentences: sentences.filter(hasWords), rest: text.slice(start) };
}

function capLength(sentence: string): string[] {
  const pieces: string[] = [];
  let rest = sentence;
  while (rest.length > MAX_SENTENCE_CHARS) {
    const window = rest.slice(0, MAX_SENTENCE_CHARS);
    const cut = Math.max(window.lastIndexOf(", "), window.lastIndexOf("; "));
    const at = cut > MAX_SENTENCE_CHARS / 3 ? cut + 1 : Math.max(window.lastIndexOf(" "), 1);
    pieces.push(rest.slice(0, at).trim());
    rest = rest.slice(at).trim();
  }
  if (rest) pieces.push(rest);
  return pieces;
}

function hasWords(text: string): boolean {
  return /[\p{L}\p{N}]/u.test(text);
}

/**
 * Takes an answer chunk by chunk and gives back the sentences completed so far,
 * as speech text. Whole lines are read with their block markup; inside the line
 * still growing, only sentences already ended are taken (never a fence opener).
 */
export class SentenceSplitter {
  private line = "";
  /** The growing line's start was already spoken: its block markers are gone. */
  private lineContinued = false;
  private inFence = false;
  private text = "";

  push(chunk: string): string[] {
    this.line += chunk;
    const out: string[] = [];
    let newline = this.line.indexOf("\n");
    while (newline >= 0) {
      this.takeLine(this.line.slice(0, newline), out);
      this.line = this.line.slice(newline + 1);
      this.lineContinued = false;
      newline = this.line.indexOf("\n");
    }
    this.takeGrowingLine(out);
    return out;
  }

  /** The answer ended: whatever is left is the last sentence. */
  end(): string[] {
    const out: string[] = [];
    if (this.line) this.takeLine(this.line, out);
    this.line = "";
    const last = this.text.trim();
    this.text = "";
    if (last) out.push(...capLength(last).filter(hasWords));
    return out;
  }

  private takeLine(raw: string, out: string[]): void {
    if (!this.lineContinued && FENCE.test(raw)) {
      this.inFence = !this.inFence;
      this.flush(out);
      return;
    }
    if (this.inFence) return;
    const { text, standalone } = this.lineContinued
      ? { text: inlineToSpeech(raw), standalone: false }
      : lineToSpeech(raw);
    if (standalone) this.flush(out);
    this.append(text, out);
    if (standalone || text === "") this.flush(out);
  }

  private takeGrowingLine(out: string[]): void {
    if (this.inFence || (!this.lineContinued && /^\s{0,3}[`~]/.test(this.line))) return;
    let last = -1;
    for (const match of this.line.matchAll(SENTENCE_END)) last = match.index + match[0].length;
    if (last < 0) return;
    const done = this.line.slice(0, last);
    // An unclosed link, code span or emphasis may still be growing across the sentence end.
    if ((done.match(/`/g)?.length ?? 0) % 2 === 1 || /\[[^\]]*$|\]\([^)]*$/.test(done)) return;
    const text = this.lineContinued ? inlineToSpeech(done) : lineToSpeech(done).text;
    this.append(text, out);
    this.line = this.line.slice(last);
    this.lineContinued = true;
  }

  private append(text: string, out: string[]): void {
    if (!text) return;
    this.text = this.text ? `${this.text} ${text}` : text;
    const { sentences, rest } = splitSentences(`${this.text} `);
    out.push(...sentences);
    this.text = rest.trim();
  }

  private flush(out: string[]): void {
    const text = this.text.trim();
    this.text = "";
    if (text) out.push(...capLength(text).filter(hasWords));
  }
}
