import { endsInsideFence } from "./outsideFences";

/**
 * How far back inline markup still waits for its end: past this, the line shows as it comes (an
 * asterisk that never closes, a very long link) rather than stall.
 */
export const MAX_PENDING_MARKUP = 250;

const isSpace = (char: string | undefined) => char === undefined || /\s/.test(char);
const isWordChar = (char: string | undefined) => char !== undefined && /[\p{L}\p{N}]/u.test(char);

/**
 * Whether the run of dollars at `start`…`end` may open a formula: "$$", or "$" before neither a
 * space nor a digit (pandoc's rule, as markdownPipeline.ts applies it: "$5" is a price).
 */
const isFormulaStart = (line: string, start: number, end: number) =>
  end - start > 1 || !/[\s\d]/.test(line[end]!);
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
 * Where the inline markup of `line` that is still open starts: strong or plain emphasis (`**`,
 * `*`, `__`, `_`), strikethrough (`~~`), inline code, a formula (`$…$`, "\(…\)", "\[…\]"), a
 * link or image whose text or destination has not closed, an HTML tag or autolink without its
 * ">", or characters at the end whose meaning the next one decides (a run of asterisks, a
 * backslash, "!", "]", "<"). Null when everything in it is settled.
 * An approximation of CommonMark's rules that errs towards waiting: waiting only delays text,
 * never misshows it.
 */
function pendingMarkupStart(line: string): number | null {
  const starts: number[] = [];
  const emphasis = new Map<string, { start: number; length: number }[]>();
  const brackets: number[] = [];
  // Inline code or a formula: its text is taken as it is until the same run of "`" or "$" closes it.
  let literal: { start: number; char: string; length: number } | null = null;
  let i = 0;
  while (i < line.length) {
    const char = line[i]!;
    let end = i + 1;
    while (end < line.length && line[end] === char && "*_~`$".includes(char)) end++;
    const next = line[end];
    if (literal) {
      if (char !== literal.char) {
        i = end;
        continue;
      }
      if (next === undefined) break; // a closing run may still grow
      if (end - i === literal.length && (char === "`" || isFormulaEnd(line, i, end))) literal = null;
    } else if (char === "\\") {
      if (next === "(" || next === "[") {
        // A LaTeX formula, "\(…\)" or "\[…\]" (markdownPipeline.ts): it waits for its closing pair.
        const close = line.indexOf(next === "(" ? "\\)" : "\\]", end + 1);
        if (close < 0) {
          starts.push(i);
          break;
        }
        end = close + 2;
      } else {
        if (next === undefined) starts.push(i);
        end++;
      }
    } else if (char === "`" || char === "$") {
      if (next === undefined) starts.push(i);
      else if (char === "`" || isFormulaStart(line, i, end)) literal = { start: i, char, length: end - i };
      else if (char === "$" && /\d/.test(next)) {
        // "$2$" is a formula, "$5 a month" a price: the dollar waits for the space or the dollar after its word.
        const wordEnd = end + /^[^\s$]*/.exec(line.slice(end))![0].length;
        if (wordEnd === line.length) {
          starts.push(i);
          break;
        }
        if (line[wordEnd] === "$") literal = { start: i, char, length: 1 };
      }
    } else if (char === "*" || char === "_" || (char === "~" && (end - i >= 2 || next === undefined))) {
      const previous = line[i - 1];
      const open = emphasis.get(char) ?? [];
      const canClose = !isSpace(previous) && open.length > 0;
      if (next === undefined) {
        // At the end, a run as long as the one it closes closes it ("**bold**"); any other waits:
        // it may still grow, and whether "_" closes depends on the character after it.
        if (char !== "_" && canClose && end - i >= open.at(-1)!.length) open.pop();
        else starts.push(i);
        break;
      }
      if (canClose && (char !== "_" || !isWordChar(next))) open.pop();
      else if (!isSpace(next) && (char !== "_" || !isWordChar(previous))) {
        open.push({ start: i, length: end - i });
        emphasis.set(char, open);
      }
    } else if (char === "!" && (next === undefined || next === "[")) {
      if (next === undefined) starts.push(i);
      else brackets.push(i); // an image's "![": it starts here
      end++;
    } else if (char === "<" && (next === undefined || /[a-zA-Z/!]/.test(next))) {
      // An HTML tag or an autolink ("<b>", "<https://…>"): it waits for its ">".
      const close = line.indexOf(">", end);
      if (close < 0) {
        starts.push(i);
        break;
      }
      end = close + 1;
    } else if (char === "[") {
      brackets.push(i);
    } else if (char === "]" && brackets.length > 0) {
      const start = brackets.pop()!;
      if (next === undefined) starts.push(start);
      else if (next === "(") {
        const close = destinationEnd(line, end);
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
  const waiting = starts.filter((start) => line.length - start <= MAX_PENDING_MARKUP);
  return waiting.length > 0 ? Math.min(...waiting) : null;
}

/**
 * What a streaming answer shows of `text`: all of it, but for inline markup opened on its last line
 * and not closed yet, which waits from its opening characters on. Markdown shows "**bold" and
 * "[a link](https://exa" as they are, and they would turn into bold words and a link once closed;
 * so they wait to arrive whole (up to MAX_PENDING_MARKUP characters). Code is shown as it comes.
 * Always a prefix of what a longer text shows: whether a marker opens or closes is decided by the
 * characters up to the one after it, and one whose next character has not come waits.
 */
export function withoutPendingInlineMarkup(text: string): string {
  const lineStart = text.lastIndexOf("\n") + 1;
  const start = pendingMarkupStart(text.slice(lineStart));
  if (start === null || endsInsideFence(text.slice(0, lineStart))) return text;
  return text.slice(0, lineStart + start);
}
