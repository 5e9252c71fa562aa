import { blockQuoteMarkers } from "./blockQuoteMarkers";
import { isCjkCharacter, isCjkPunctuation } from "./cjkPunctuation";
import { endsInsideFence } from "./outsideFences";
import { PAIRED_TAGS } from "./rawHtmlAsText";

/**
 * How far back inline markup still waits for its end: past this, the text shows as it comes (an
 * asterisk that never closes, a very long link) rather than stall.
 */
export const MAX_PENDING_MARKUP = 250;

const isSpace = (char: string | undefined) => char === undefined || /\s/.test(char);
/**
 * Unicode punctuation as CommonMark (and micromark) reads it: punctuation and symbols; but for
 * Chinese and Japanese punctuation, a letter next to emphasis markers (cjkFriendlyEmphasis.ts).
 */
const isPunctuation = (char: string | undefined) =>
  char !== undefined && /[\p{P}\p{S}]/u.test(char) && !isCjkPunctuation(char);

/**
 * Whether a run of `*`, `_` or `~` between `previous` and `next` may open or close emphasis:
 * CommonMark's flanking rules. Left-flanking: no space after it, and no punctuation after it
 * unless a space or punctuation is before it; right-flanking the other way round. "_" opens
 * inside a word only after punctuation, and closes inside one only before punctuation.
 */
function delimiterRun(char: string, previous: string | undefined, next: string | undefined) {
  // A Chinese, Japanese or Korean letter on the other side counts as a space would (cjkFriendlyEmphasis.ts).
  const left =
    !isSpace(next) &&
    (!isPunctuation(next) || isSpace(previous) || isPunctuation(previous) || isCjkCharacter(previous));
  const right =
    !isSpace(previous) && (!isPunctuation(previous) || isSpace(next) || isPunctuation(next) || isCjkCharacter(next));
  if (char !== "_") return { canOpen: left, canClose: right };
  return { canOpen: left && (!right || isPunctuation(previous)), canClose: right && (!left || isPunctuation(next)) };
}

/**
 * Whether the run of dollars at `start`…`end` may open a formula: "$$", or "$" before neither a
 * space nor a digit (pandoc's rule, as markdownPipeline.ts applies it: "$5" is a price).
 */
const isFormulaStart = (line: string, start: number, end: number) => end - start > 1 || !/[\s\d]/.test(line[end]!);
/** Whether the run of dollars at `start`…`end` closes a formula: "$$", or "$" after no space and before no digit. */
const isFormulaEnd = (line: string, start: number, end: number) =>
  end - start > 1 || (!isSpace(line[start - 1]) && !/\d/.test(line[end]!));

/** The end of a link's destination opened at `open` ("(" after "]"), or -1 while it has not come. */
function destinationEnd(line: string, open: number): number {
  let depth = 0;
  for (let i = open; i < line.length; i++) {
    const char = line[i];
    if (char === "\\") i++;
    else if (char === "(") depth++;
    else if (char === ")" && --depth === 0) return i;
  }
  return -1;
}

/**
 * Where the inline markup of `paragraph` that is still open starts: strong or plain emphasis (`**`,
 * `*`, `__`, `_`), strikethrough (`~~`), inline code, a formula (`$…$`, "\(…\)", "\[…\]"), a
 * link or image whose text or destination has not closed, an HTML tag or autolink without its
 * ">", a character reference without its ";", or characters at the end whose meaning the next one decides (a run of asterisks, a
 * backslash, "!", "]", "<"). Null when everything in it is settled.
 * An approximation of CommonMark's rules that errs towards waiting: waiting only delays text,
 * never misshows it.
 */
function pendingMarkupStart(paragraph: string): number | null {
  const starts: number[] = [];
  const emphasis = new Map<string, { start: number; length: number }[]>();
  const brackets: number[] = [];
  // Inline code or a formula: its text is taken as it is until the same run of "`" or "$" closes it.
  let literal: { start: number; char: string; length: number } | null = null;
  let i = 0;
  while (i < paragraph.length) {
    const char = paragraph[i]!;
    let end = i + 1;
    while (end < paragraph.length && paragraph[end] === char && "*_~`$".includes(char)) end++;
    const next = paragraph[end];
    if (literal) {
      // An escaped dollar in a formula is its TeX's ("$\$5$"): it does not close the formula.
      if (literal.char === "$" && char === "\\") {
        i = end + 1;
        continue;
      }
      if (char !== literal.char) {
        i = end;
        continue;
      }
      if (next === undefined) break; // a closing run may still grow
      if (end - i === literal.length && (char === "`" || isFormulaEnd(paragraph, i, end))) literal = null;
    } else if (char === "\\") {
      if (next === "(" || next === "[") {
        // A LaTeX formula, "\(…\)" or "\[…\]" (markdownPipeline.ts): it waits for its closing pair.
        const close = paragraph.indexOf(next === "(" ? "\\)" : "\\]", end + 1);
        if (close < 0) {
          starts.push(i);
          break;
        }
        end = close + 2;
      } else {
        // At the end of a line, a hard break if the paragraph goes on, a backslash if it does not.
        if (next === undefined || (next === "\n" && end + 1 === paragraph.length)) starts.push(i);
        end++;
      }
    } else if (char === "`" || char === "$") {
      if (next === undefined) starts.push(i);
      else if (char === "`" || isFormulaStart(paragraph, i, end)) literal = { start: i, char, length: end - i };
      else if (char === "$" && /\d/.test(next)) {
        // "$2$" is a formula, "$5 a month" a price: the dollar waits for the space or the dollar after
        // its word, and for what follows that dollar ("$20-$30" is a price range).
        const wordEnd = end + /^[^\s$]*/.exec(paragraph.slice(end))![0].length;
        if (wordEnd === paragraph.length || (paragraph[wordEnd] === "$" && wordEnd + 1 === paragraph.length)) {
          starts.push(i);
          break;
        }
        if (paragraph[wordEnd] === "$" && !/\d/.test(paragraph[wordEnd + 1]!)) literal = { start: i, char, length: 1 };
      }
    } else if (char === "*" || char === "_" || (char === "~" && (end - i >= 2 || next === undefined))) {
      const previous = paragraph[i - 1];
      const open = emphasis.get(char) ?? [];
      if (next === undefined) {
        // At the end, a run as long as the one it closes closes it ("**bold**") when what comes next
        // cannot change that; any other waits: it may still grow, after punctuation it closes only
        // before a space or punctuation ("**Note:**text" is no bold), and "_" depends on the next too.
        const closes = char !== "_" && open.length > 0 && !isSpace(previous) && !isPunctuation(previous);
        if (closes && end - i >= open.at(-1)!.length) open.pop();
        else starts.push(i);
        break;
      }
      const { canOpen, canClose } = delimiterRun(char, previous, next);
      if (canClose && open.length > 0) open.pop();
      else if (canOpen) {
        open.push({ start: i, length: end - i });
        emphasis.set(char, open);
      }
    } else if (char === "!" && (next === undefined || next === "[")) {
      if (next === undefined) starts.push(i);
      else brackets.push(i); // an image's "![": it starts here
      end++;
    } else if (char === "<" && (next === undefined || /[a-zA-Z/!]/.test(next))) {
      // An HTML tag or an autolink ("<b>", "<https://…>"): it waits for its ">".
      const close = paragraph.indexOf(">", end);
      if (close < 0) {
        starts.push(i);
        break;
      }
      end = close + 1;
      // A tag that marks text ("<sub>", rawHtmlAsText.ts) waits for its closing tag, as emphasis does.
      const tag = /^<([a-z]+)>$/i.exec(paragraph.slice(i, end))?.[1]?.toLowerCase();
      if (tag && PAIRED_TAGS.has(tag) && !paragraph.toLowerCase().includes(`</${tag}>`, end)) starts.push(i);
    } else if (char === "&" && /^&#?[a-z\d]{0,31}$/i.test(paragraph.slice(i))) {
      // A character reference without its ";" yet ("&amp", "&#169"): shown as text, it would turn into its character.
      starts.push(i);
      break;
    } else if (char === "[") {
      brackets.push(i);
    } else if (char === "]" && brackets.length > 0) {
      const start = brackets.pop()!;
      if (next === undefined) starts.push(start);
      else if (next === "(") {
        const close = destinationEnd(paragraph, end);
        if (close < 0) {
          starts.push(start);
          break;
        }
        end = close + 1;
      }
    }
    i = end;
  }
  if (literal) starts.push(literal.start);
  for (const open of emphasis.values()) starts.push(...open.map(({ start }) => start));
  starts.push(...brackets);
  const waiting = starts.filter((start) => paragraph.length - start <= MAX_PENDING_MARKUP);
  return waiting.length > 0 ? Math.min(...waiting) : null;
}

/**
 * A line (after its block quote markers) that starts a block of its own, so that the paragraph
 * above does not go on in it: a list item's marker and its space, a heading's, a fence, a
 * table's pipe, a display formula's delimiter. Each stays one as the line grows (a "-" alone may
 * still become "-1", and go on with the paragraph).
 */
const STARTS_BLOCK = /^ {0,3}(?:[-*+][ \t]|\d{1,9}[.)][ \t]|#{1,6}[ \t]|`{3}|~{3}|\||\$\$|\\\[)/;
/**
 * A whole line (after its block quote markers) that no paragraph goes on from: blank, a heading,
 * a rule or an underline, a fence, a table's row, a display formula's delimiter.
 */
const STANDS_ALONE =
  /^[ \t]*$|^ {0,3}(?:#{1,6}(?:[ \t]|$)|(?:[-*_=][ \t]*){3,}$|-+[ \t]*$|=+[ \t]*$|`{3}|~{3}|\||\$\$|\\[[\]])/;

/**
 * Where the paragraph the last line belongs to starts: emphasis, code and links may go on over
 * its lines ("*across\nlines*"). The last line alone when it starts a block; otherwise the lines
 * above it back to the first that starts a block (included) or stands alone (not included). A
 * line in more block quotes than the one above starts a quote; in fewer, it goes on lazily.
 */
function paragraphStart(text: string): number {
  let start = text.lastIndexOf("\n") + 1;
  let later = blockQuoteMarkers(text.slice(start));
  if (STARTS_BLOCK.test(later.content)) return start;
  while (start > 0) {
    const previousStart = text.lastIndexOf("\n", start - 2) + 1;
    const previous = blockQuoteMarkers(text.slice(previousStart, start - 1));
    if (later.depth > previous.depth || STANDS_ALONE.test(previous.content)) break;
    start = previousStart;
    if (STARTS_BLOCK.test(previous.content)) break;
    later = previous;
  }
  return start;
}

/**
 * What a streaming answer shows of `text`: all of it, but for inline markup opened in its last
 * paragraph and not closed yet, which waits from its opening characters on. Markdown shows
 * "**bold" and "[a link](https://exa" as they are, and they would turn into bold words and a link
 * once closed; so they wait to arrive whole (up to MAX_PENDING_MARKUP characters). Code is shown
 * as it comes. Always a prefix of what a longer text shows: whether a marker opens or closes is
 * decided by the characters up to the one after it, and one whose next character has not come
 * waits; where the paragraph starts changes only when a line starts a block, which shows all
 * that was before it.
 */
export function withoutPendingInlineMarkup(text: string): string {
  const start = paragraphStart(text);
  const pending = pendingMarkupStart(text.slice(start));
  if (pending === null || endsInsideFence(text.slice(0, start))) return text;
  return text.slice(0, start + pending);
}
