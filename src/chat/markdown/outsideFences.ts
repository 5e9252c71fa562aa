/** A line's block quote and list markers, then a fence (a code block's opening or closing line). */
const FENCE_LINE = /^(?:[ \t]*(?:>|[-+*]|\d{1,9}[.)])(?=[ \t]|$))*[ \t]*(`{3,}|~{3,})/;

/**
 * Walks `lines` in order, telling `visit` whether each one is a fence's line or between fences
 * (and, for a fence's line, whether it opens or closes its block); returns whether the last
 * fence is still open.
 */
export function walkFences(
  lines: string[],
  visit: (line: string, code: boolean, fence?: "opens" | "closes") => void,
): boolean {
  let fence: string | null = null;
  for (const line of lines) {
    const match = FENCE_LINE.exec(line);
    const marker = match?.[1];
    if (fence !== null) {
      // The opening's character, at least as many, and nothing after it: "```js" inside a block is code.
      const closes =
        marker !== undefined &&
        marker[0] === fence[0] &&
        marker.length >= fence.length &&
        line.slice(match!.index + match![0].length).trim() === "";
      if (closes) fence = null;
      visit(line, true, closes ? "closes" : undefined);
    } else if (marker) {
      fence = marker;
      visit(line, true, "opens");
    } else visit(line, false);
  }
  return fence !== null;
}

/**
 * Rewrites each line of markdown outside fenced code blocks with `map`, in order; a fence's
 * lines and everything between them stay as they are (code keeps its brackets and dollars).
 */
export function mapLinesOutsideFences(text: string, map: (line: string) => string): string {
  const mapped: string[] = [];
  walkFences(text.split("\n"), (line, code) => mapped.push(code ? line : map(line)));
  return mapped.join("\n");
}

/** Whether `text` ends inside a fenced code block (its closing fence has not come yet). */
export function endsInsideFence(text: string): boolean {
  return walkFences(text.split("\n"), () => undefined);
}
