import { blockQuoteMarkers } from "./blockQuoteMarkers";
import { endsInsideFence } from "./outsideFences";

/**
 * A line that may be a table's header row (or one of its rows): it starts with a pipe, after its
 * block quote markers and indent (a table in a quote, or in a list item).
 */
const isPipeLine = (line: string) => /^[ \t]*\|/.test(blockQuoteMarkers(line).content);
/** A table's delimiter row while it arrives: pipes, dashes, colons and spaces only. */
const isPartialDelimiterRow = (line: string) => /^[ \t]*\|?[ \t:|-]*$/.test(blockQuoteMarkers(line).content);

/**
 * What a streaming answer shows of `text`: all of it, but for a table's header row whose delimiter
 * row (`|---|---|`) has not arrived in full yet. Until then markdown reads the header as a plain
 * paragraph ("| Algorithm | Best | Ave"), which then turns into a table: the header waits for its
 * table instead. Always a prefix of what a longer text shows, so the rendering still only grows.
 * The finished answer is rendered from its whole text.
 */
export function withoutPendingTableHeader(text: string): string {
  const lastStart = text.lastIndexOf("\n") + 1;
  const last = text.slice(lastStart);
  const before = lineBefore(text, lastStart);
  let headerStart: number;
  if (last === "")
    headerStart = before.start; // "…\n| a | b |\n": the delimiter row not begun
  else if (isPartialDelimiterRow(last) && isPipeLine(before.line))
    headerStart = before.start; // "…\n| a | b |\n|--"
  else headerStart = lastStart; // "…\n| a | b": the header arriving
  // A last line of spaces or quote markers only may be a header row's start: it waits for what comes after them.
  if (headerStart < 0 || !isPipeLine(lineAt(text, headerStart)))
    return last !== "" && /^[ \t]*$/.test(blockQuoteMarkers(last).content) ? text.slice(0, lastStart) : text;
  // Part of a table already (the line before has pipes too), or a line of code: shown as it comes.
  if (isPipeLine(lineBefore(text, headerStart).line)) return text;
  if (endsInsideFence(text.slice(0, headerStart))) return text;
  return text.slice(0, headerStart);
}

/** The line before the one starting at `lineStart`: its start (-1 when there is none) and text. */
function lineBefore(text: string, lineStart: number): { start: number; line: string } {
  if (lineStart === 0) return { start: -1, line: "" };
  const start = lineStart >= 2 ? text.lastIndexOf("\n", lineStart - 2) + 1 : 0;
  return { start, line: text.slice(start, lineStart - 1) };
}

function lineAt(text: string, start: number): string {
  const end = text.indexOf("\n", start);
  return text.slice(start, end < 0 ? text.length : end);
}
