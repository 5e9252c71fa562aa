/**
 * Splits a growing answer into top-level blocks at blank lines outside code
 * fences and display maths ($$ or \[ on a line of its own), so that while it
 * streams only the last (growing) block is parsed again per frame; the blocks
 * before it keep their rendering. A blank line followed by an indented line (a
 * list item's continuation) does not split, nor one followed by the next item of
 * the block's list (a loose list): parsed apart, its items would each start a list
 * of their own ("1." every time, a gap between bullets) until the answer ends.
 */
export interface MarkdownBlock {
  /** Where the block starts in the text. */
  start: number;
  text: string;
}

/**
 * A list item's marker at the margin: `-`, `+`, `*`, or digits and `.` or `)`. (An indented one is a
 * nested item, or goes on the block anyway.)
 */
const LIST_ITEM = /^(?:([-+*])|\d{1,9}([.)]))(?:[ \t]|$)/;

/** Which list an item belongs to: its bullet, or its number's delimiter (another one starts another list). */
function listKindOf(line: string): string | null {
  const match = LIST_ITEM.exec(line);
  if (!match) return null;
  return match[1] ?? `1${match[2]}`;
}

/** The blocks of `text` from offset `from`, which must be the start of a block (or 0). */
export function splitMarkdownBlockRanges(text: string, from = 0): MarkdownBlock[] {
  const blocks: MarkdownBlock[] = [];
  let current: string[] = [];
  let currentStart = from;
  let fence: string | null = null;
  /** The line that ends the display formula the scan is in ("$$" or "\\]"), or null. */
  let mathEnd: string | null = null;
  let blankSeen = false;
  /** The kind of the last list item at the margin in the current block, if any. */
  let listKind: string | null = null;
  let offset = from;
  while (offset <= text.length) {
    const newline = text.indexOf("\n", offset);
    const end = newline < 0 ? text.length : newline;
    const line = text.slice(offset, end);
    const lineStart = offset;
    offset = end + 1;
    const trimmed = line.trim();
    if (trimmed === "" && fence === null && mathEnd === null) {
      blankSeen = current.length > 0;
      if (blankSeen) current.push(line);
      continue;
    }
    const kind = fence === null && mathEnd === null ? listKindOf(line) : null;
    if (blankSeen && fence === null && mathEnd === null && !/^\s/.test(line) && (kind === null || kind !== listKind)) {
      blocks.push({ start: currentStart, text: current.join("\n").trimEnd() });
      current = [];
      listKind = null;
    }
    if (kind !== null) listKind = kind;
    if (current.length === 0) currentStart = lineStart;
    blankSeen = false;
    const fenceMatch = /^(`{3,}|~{3,})/.exec(trimmed);
    if (fenceMatch && fence === null && mathEnd === null) fence = fenceMatch[1]!;
    // A closing fence: the opening's character, at least as many, and nothing after it (no info string).
    else if (fenceMatch && fence !== null) {
      if (fenceMatch[1]![0] === fence[0] && fenceMatch[1]!.length >= fence.length && trimmed === fenceMatch[1])
        fence = null;
    } else if (fence === null && mathEnd === null && (trimmed === "$$" || trimmed === "\\["))
      mathEnd = trimmed === "$$" ? "$$" : "\\]";
    else if (fence === null && trimmed === mathEnd) mathEnd = null;
    current.push(line);
  }
  if (current.length > 0) blocks.push({ start: currentStart, text: current.join("\n").trimEnd() });
  return blocks;
}

export function splitMarkdownBlocks(text: string): string[] {
  return splitMarkdownBlockRanges(text).map((block) => block.text);
}

/**
 * The blocks of a text that grows at its end: only the last block of the
 * previous split is scanned again (the scanner's state at a block's start is
 * its initial state), so a frame costs the open block, not the whole answer.
 */
export function splitGrowingText(previous: { text: string; blocks: MarkdownBlock[] } | null, text: string) {
  const last = previous?.blocks.at(-1);
  if (!previous || !last || !text.startsWith(previous.text)) return { text, blocks: splitMarkdownBlockRanges(text) };
  if (text === previous.text) return previous;
  return { text, blocks: [...previous.blocks.slice(0, -1), ...splitMarkdownBlockRanges(text, last.start)] };
}
