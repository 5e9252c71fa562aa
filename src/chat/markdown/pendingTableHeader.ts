import { endsInsideFence } from "./outsideFences";

/** A line that may be a table's header row (or one of its rows): it starts with a pipe. */
const PIPE_LINE = /^ {0,3}\|/;
/** A table's delimiter row while it arrives: pipes, dashes, colons and spaces only. */
const PARTIAL_DELIMITER_ROW = /^ {0,3}\|?[ \t:|-]*$/;

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
  else if (PARTIAL_DELIMITER_ROW.test(last) && PIPE_LINE.test(before.line))
    headerStart = before.start; // "…\n| a | b |\n|--"
  else headerStart = lastStart; // "…\n| a | b": the header arriving
  // A last line of a few spaces may be a header row's indent: it waits for what comes after them.
  if (headerStart < 0 || !PIPE_LINE.test(lineAt(text, headerStart)))
    return /^ {1,3}$/.test(last) ? text.slice(0, lastStart) : text;
  // Part of a table already (the line before has pipes too), or a line of code: shown as it comes.
  if (PIPE_LINE.test(lineBefore(text, headerStart).line)) return text;
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
