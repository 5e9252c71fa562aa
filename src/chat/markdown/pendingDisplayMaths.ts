import { endsInsideFence, walkFences } from "./outsideFences";

/**
 * How long a display formula still waits for its closing line: past this, it shows as it
 * comes (a "$$" that never closes) rather than stall the answer.
 */
export const MAX_PENDING_DISPLAY_MATHS = 2000;

/** After any block quote markers: a display formula's first line ("$$", with no other dollar after it, or "\[")… */
const DISPLAY_OPENS = /^(?:[ \t]*>)*[ \t]*(?:\$\$[^$]*|\\\[[ \t]*)$/;
/** …and its last line ("$$" or "\]" alone). */
const DISPLAY_CLOSES = /^(?:[ \t]*>)*[ \t]*(?:\$\$|\\\])[ \t]*$/;
/** A fenced block's opening line whose language is maths ("```math"). */
const MATHS_FENCE = /^[^`~]*(?:`{3,}|~{3,})[ \t]*math[ \t]*$/;

/**
 * Where the display formula that `text` ends inside starts: at the "$$" or "\[" opening a line,
 * or a "```math" fence, whose closing line has not come whole. Null when there is none.
 */
function openDisplayStart(text: string): number | null {
  const lines = text.split("\n");
  let index = 0;
  let offset = 0;
  let open: { start: number; latex: boolean } | null = null;
  walkFences(lines, (line, code, fence) => {
    // The last line closes nothing until it is whole: "$$" may still become "$$x$$".
    const whole = index < lines.length - 1;
    // From the delimiter, not the line's start: a block quote's ">" before it may have shown already.
    if (fence === "opens") open = MATHS_FENCE.test(line) ? { start: offset + line.search(/`|~/), latex: false } : null;
    else if (fence === "closes") {
      if (whole) open = null;
    } else if (!code && whole) {
      if (open === null) {
        if (DISPLAY_OPENS.test(line))
          open = { start: offset + line.search(/\$|\\/), latex: line.trimEnd().endsWith("\\[") };
      } else if (DISPLAY_CLOSES.test(line) && line.trimEnd().endsWith("]") === open.latex) open = null;
    }
    index++;
    offset += line.length + 1;
  });
  // Set in the callback, which TypeScript's narrowing does not follow.
  return (open as { start: number } | null)?.start ?? null;
}

/** A whole "$$…$$" on a line of its own (after any block quote markers). */
const ONE_LINE_DISPLAY = /^(?:[ \t]*>)*[ \t]*\$\$[^$]+\$\$[ \t]*$/;

/**
 * Where a "$$…$$" starts that opens its paragraph on the last line, or on the line before an
 * empty last one: alone in its paragraph it is a display formula, and the paragraph may still go
 * on ("$$x$$ is", or "is" on the next line), which makes it an inline one. Null when there is none.
 */
function oneLineDisplayStart(text: string): number | null {
  const end = text.endsWith("\n") ? text.length - 1 : text.length;
  const lineStart = text.lastIndexOf("\n", end - 1) + 1;
  const line = text.slice(lineStart, end);
  if (!ONE_LINE_DISPLAY.test(line)) return null;
  const above = lineStart === 0 ? "" : text.slice(text.lastIndexOf("\n", lineStart - 2) + 1, lineStart - 1);
  if (/[^\s>]/.test(above) || endsInsideFence(text.slice(0, lineStart))) return null;
  return lineStart + line.indexOf("$$");
}

/**
 * What a streaming answer shows of `text`: all of it, but for a display formula still open,
 * which waits for its closing line; its TeX cut anywhere would show as KaTeX's red error, then
 * as a formula, then as an error again. A "$$…$$" alone on its line waits for the next line to
 * start, which tells a display formula from an inline one. Always a prefix of what a longer
 * text shows.
 */
export function withoutPendingDisplayMaths(text: string): string {
  if (!text.includes("$$") && !text.includes("\\[") && !text.includes("math")) return text;
  const start = openDisplayStart(text) ?? oneLineDisplayStart(text);
  return start === null || text.length - start > MAX_PENDING_DISPLAY_MATHS ? text : text.slice(0, start);
}
