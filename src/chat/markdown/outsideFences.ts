/** A line's block quote and list markers, then a fence (a code block's opening or closing line). */
const FENCE_LINE = /^(?:[ \t]*(?:>|[-+*]|\d{1,9}[.)])(?=[ \t]|$))*[ \t]*(`{3,}|~{3,})/;

/**
 * Rewrites each line of markdown outside fenced code blocks with `map`, in order; a fence's
 * lines and everything between them stay as they are (code keeps its brackets and dollars).
 */
export function mapLinesOutsideFences(text: string, map: (line: string) => string): string {
  let fence: string | null = null;
  return text
    .split("\n")
    .map((line) => {
      const marker = FENCE_LINE.exec(line)?.[1];
      if (fence !== null) {
        if (marker && marker[0] === fence[0] && marker.length >= fence.length) fence = null;
        return line;
      }
      if (marker) {
        fence = marker;
        return line;
      }
      return map(line);
    })
    .join("\n");
}
