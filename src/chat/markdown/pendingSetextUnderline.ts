import { blockQuoteMarkers } from "./blockQuoteMarkers";
import { endsInsideFence } from "./outsideFences";

/**
 * The last line while it may be a setext heading's underline: `-` or `=` (or the up to three
 * spaces before them), also in a block quote ("> -"). Under a paragraph's line, markdown reads
 * "Here are the options:\n-" as a heading, which turns back into a paragraph and a list once
 * "- one" has arrived.
 */
const POSSIBLE_UNDERLINE = /^ {0,3}(?:-+|=+)?[ \t]*$/;

/**
 * What a streaming answer shows of `text`: all of it, but for a last line that may still become a
 * setext heading's underline or a list item under a paragraph: it waits for the characters that
 * decide (a space and text, or the end of the line). Always a prefix of what a longer text shows.
 */
export function withoutPendingSetextUnderline(text: string): string {
  const lastStart = text.lastIndexOf("\n") + 1;
  if (lastStart === 0 || lastStart === text.length) return text;
  if (!POSSIBLE_UNDERLINE.test(blockQuoteMarkers(text.slice(lastStart)).content)) return text;
  const previousStart = text.lastIndexOf("\n", lastStart - 2) + 1;
  // Under a blank line it is a thematic break or a list item, never a heading; code is shown as it comes.
  if (!/\S/.test(blockQuoteMarkers(text.slice(previousStart, lastStart - 1)).content)) return text;
  if (endsInsideFence(text.slice(0, lastStart))) return text;
  return text.slice(0, lastStart);
}
