/**
 * Splits a growing answer into top-level blocks at blank lines outside code
 * fences and $$ maths, so that while it streams only the last (growing) block
 * is parsed again per frame; the blocks before it keep their rendering. A blank
 * line followed by an indented line (a list item's continuation) does not split.
 */
export function splitMarkdownBlocks(text: string): string[] {
  const blocks: string[] = [];
  let current: string[] = [];
  let fence: string | null = null;
  let inMath = false;
  let blankSeen = false;
  for (const line of text.split("\n")) {
    const trimmed = line.trim();
    if (trimmed === "" && fence === null && !inMath) {
      blankSeen = current.length > 0;
      if (blankSeen) current.push(line);
      continue;
    }
    if (blankSeen && fence === null && !inMath && !/^\s/.test(line)) {
      blocks.push(current.join("\n").trimEnd());
      current = [];
    }
    blankSeen = false;
    const fenceMatch = /^(`{3,}|~{3,})/.exec(trimmed);
    if (fenceMatch) {
      if (fence === null) fence = fenceMatch[1]!;
      else if (trimmed.startsWith(fence)) fence = null;
    } else if (fence === null && trimmed === "$$") inMath = !inMath;
    current.push(line);
  }
  if (current.length > 0) blocks.push(current.join("\n").trimEnd());
  return blocks;
}
