import { blockQuoteMarkers } from "./blockQuoteMarkers";
import { endsInsideFence } from "./outsideFences";

/**
 * Last lines that may still become the start of a block, each pattern matching every start of a
 * line it matches (so that what waits only ever grows): spaces; bullets or a thematic break
 * ("-", "- ", "***"); an ordered list's number ("1", "12."); a task list's box ("- [", "- [x]");
 * a heading's marks alone ("##"); a link reference's or footnote's definition ("[1]: https://…",
 * shown only in its place at the end); each also after block quote markers ("> 1", or ">"
 * alone). Shown as text, they would turn into a list, a rule, a box, a heading or nothing with
 * the next characters.
 */
const POSSIBLE_BLOCK_START = [
  /^[ \t]*(?:[-*_+][ \t]*)*$/,
  /^[ \t]*\d{1,9}(?:[.)][ \t]*)?$/,
  /^[ \t]*[-*+][ \t]+\[[ xX]?\]?[ \t]*$/,
  /^ {0,3}#{1,6}$/,
  /^ {0,3}\[[^\]]*(?:\](?::.*)?)?$/,
];
/** Inside a code block, a last line that may be its closing fence ("`", "``"). */
const POSSIBLE_CLOSING_FENCE = /^[ \t]*(?:`+|~+)$/;

/**
 * What a streaming answer shows of `text`: all of it, but for a last line that may still become
 * a block's start, which waits for the character that decides it. Always a prefix of what a
 * longer text shows.
 */
export function withoutPendingBlockStart(text: string): string {
  const lineStart = text.lastIndexOf("\n") + 1;
  // After block quote markers, what follows decides as a line's start would.
  const line = blockQuoteMarkers(text.slice(lineStart)).content;
  const waits =
    lineStart < text.length &&
    (POSSIBLE_BLOCK_START.some((pattern) => pattern.test(line)) ||
      (POSSIBLE_CLOSING_FENCE.test(line) && endsInsideFence(text.slice(0, lineStart))));
  return waits ? text.slice(0, lineStart) : text;
}
