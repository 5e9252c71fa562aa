/**
 * The fast path of a streaming answer's open block: most chunks only add words
 * to the paragraph (or code line) being written, and parsing the whole block
 * again would give the same tree with a longer last text. This decides, from
 * the text alone, when appending cannot change anything else, and then extends
 * the previous (already sanitized) tree's last text node; in every other case
 * it returns null and the block is parsed again.
 *
 * The rules are deliberately conservative (a false "no" only costs a parse):
 * - the new text is the old one plus a chunk without line breaks that ends in
 *   a non-space (blocks arrive trimmed: a parse drops trailing spaces);
 * - prose chunks (paragraphs, list items, headings) hold only letters, digits,
 *   spaces and punctuation that no inline or block syntax starts with, and,
 *   unless they start with a space (inline syntax treats the end of a line as
 *   a space), the word they continue does too (emphasis flanking, entities,
 *   escapes and autolink literals are decided by the characters around the
 *   seam); no `www.` or `://` (autolink literals), no `]:` (definitions may
 *   vanish), and no `)` after a `](` (it may close a link; `(`, `)`, `-`,
 *   `:` and `!` mean nothing on their own in the middle of a line);
 * - the old last line is not a bare list marker, digits or an ordered marker
 *   without content (appending could turn it into a list item), nor only
 *   `-`, `*`, `_` or `=` (a thematic break or a setext underline), and does not
 *   start with `[` (a task list item's box, a definition);
 * - code chunks go into a fenced or indented block whose last line is not its
 *   opening fence or only fence characters (which could close it);
 * - the old tree ends in a text node (right-most leaf) whose parent is a
 *   paragraph, list item, heading or pre > code, and which ends where the old
 *   text ends (its source position; for code, the code element's), so nothing
 *   that renders nothing (HTML, a definition) follows it.
 *
 * A prose chunk that starts with a space may also follow an inline element
 * (emphasis, code, a link, a formula) that ends the paragraph, list item or
 * heading where the old text ends: the end of a line counts as a space for the
 * syntax before it, so the chunk becomes a text node after that element.
 *
 * The result is only ever a longer or a new text node: nothing becomes markup,
 * and the rest of the tree went through hast-util-sanitize when it was parsed.
 */
import type { Element, ElementContent, Root, Text } from "hast";
import { FORMULA_TAG } from "./markdownPipeline";

type Position = NonNullable<Text["position"]>;

export interface OpenBlockTree {
  text: string;
  hast: Root;
}

/** Characters a prose chunk may hold: letters, digits, marks, spaces and inert punctuation. */
const PROSE_SAFE = /^[\p{L}\p{M}\p{N} \t.,;:?!'"%/()\-\u2018\u2019\u201C\u201D\u2013\u2014\u2026]*$/u;
const LINE_BREAK = /[\n\r\0]/;
const TRAILING_SPACE = /\s$/;
const LEADING_SPACE = /^[ \t]/;
/** Where an autolink literal may start (`www.`, a scheme's `://`). */
const AUTOLINK = /www\.|:\/\//i;
/** Container prefixes of a line (block quotes, list markers), stripped before looking at its content. */
const CONTAINER_PREFIX = /^(?:>|[-+*]|\d{1,9}[.)])(?:[ \t]+|$)/;
/** Content that appending words could still turn into a list item (`1` → `1. x`, `12.` → `12. x`). */
const MARKER_IN_PROGRESS = /^\d{1,9}[.)]?$/;
const FENCE_CHARS_ONLY = /^[ \t]*[`~]*[ \t]*$/;
/** A line that more of the same characters could turn into a thematic break or a setext underline (`--` + `-`). */
const BREAK_CHARS_ONLY = /^[-*_=\s]*$/;
const PROSE_PARENTS = new Set(["p", "li", "h1", "h2", "h3", "h4", "h5", "h6"]);
/** Elements that toHast pads with "\n" text children between (and around) their blocks. */
const CONTAINERS = new Set(["ol", "ul", "li", "blockquote"]);
/** Inline elements that a chunk starting with a space may follow (their syntax is closed by then). */
const INLINE_ENDS = new Set(["strong", "em", "del", "code", "a", FORMULA_TAG]);

interface Spine {
  /** Root first, the text's parent last. */
  path: (Root | Element)[];
  text: Text;
}

/** The right-most leaf: a text, or an inline element that is its parent's last child. */
type LastLeaf = Spine | { path: (Root | Element)[]; inline: Element };

/**
 * The right-most text leaf, or inline element ending a prose parent, skipping
 * the "\n" padding of containers; null if the tree ends in anything else.
 */
function lastLeaf(root: Root): LastLeaf | null {
  const path: (Root | Element)[] = [root];
  let node: Root | Element = root;
  for (;;) {
    const children: (ElementContent | Root["children"][number])[] = node.children;
    const padded: boolean = node.type === "root" || CONTAINERS.has(node.tagName);
    let index: number = children.length - 1;
    while (padded && index >= 0 && isPadding(children[index]!)) index--;
    const child = children[index];
    if (!child) return null;
    if (child.type === "text") return { path, text: child };
    if (child.type !== "element") return null;
    if (node.type === "element" && PROSE_PARENTS.has(node.tagName) && INLINE_ENDS.has(child.tagName))
      return index === children.length - 1 ? { path, inline: child } : null;
    path.push(child);
    node = child;
  }
}

function isPadding(node: Root["children"][number] | ElementContent): boolean {
  return node.type === "text" && node.value === "\n";
}

const lastLine = (text: string): string => text.slice(text.lastIndexOf("\n") + 1);

/** The old last line's content after its block quote and list markers. */
function lineContent(line: string): string {
  let content = line.trimStart();
  for (let match = CONTAINER_PREFIX.exec(content); match; match = CONTAINER_PREFIX.exec(content))
    content = content.slice(match[0].length).trimStart();
  return content;
}

function canAppendProse(oldText: string, chunk: string): boolean {
  if (!PROSE_SAFE.test(chunk) || AUTOLINK.test(chunk) || oldText.includes("]:")) return false;
  // A `)` may close a link whose text and destination came before (`[a](b "title"` + `)`).
  if (chunk.includes(")") && oldText.includes("](")) return false;
  // A chunk that starts with a space leaves the old end as it was: inline syntax treats the end of
  // a line as whitespace too. Otherwise the word it continues must be plain.
  if (!LEADING_SPACE.test(chunk)) {
    const seamWord = oldText.slice(seamWordStart(oldText));
    if (!PROSE_SAFE.test(seamWord) || AUTOLINK.test(seamWord + chunk)) return false;
  }
  const content = lineContent(lastLine(oldText));
  return content !== "" && !MARKER_IN_PROGRESS.test(content) && !BREAK_CHARS_ONLY.test(content) && !content.startsWith("[");
}

/** Where the last run of non-space characters starts. */
function seamWordStart(text: string): number {
  let start = text.length;
  while (start > 0 && !/\s/.test(text[start - 1]!)) start--;
  return start;
}

function canAppendCode(oldText: string): boolean {
  const line = lastLine(oldText);
  // The opening fence's line (its info string would grow), or a line that could become the closing fence.
  return oldText.includes("\n") ? !FENCE_CHARS_ONLY.test(line) : /^ {4}|^\t/.test(line);
}

const endsAt = (node: { position?: Position }, offset: number): boolean => node.position?.end.offset === offset;

/** The same position, its end moved `length` characters on along its line. */
function extended(position: Position | undefined, length: number): Position | undefined {
  if (!position) return undefined;
  const { end } = position;
  return { ...position, end: { ...end, column: end.column + length, offset: (end.offset ?? 0) + length } };
}

/**
 * A copy of `spine`'s path with the text's value replaced and the anchor's end
 * moved on (the old tree stays as it was: its elements may still be shown).
 */
function withText(spine: Spine, value: string, anchor: Text | Element, length: number): Root {
  let replacement: Root | Element | Text = { ...spine.text, value };
  if (anchor === spine.text) replacement.position = extended(anchor.position, length);
  for (let depth = spine.path.length - 1; depth >= 0; depth--) {
    const node = spine.path[depth]!;
    const target = depth === spine.path.length - 1 ? spine.text : spine.path[depth + 1]!;
    const children = node.children.map((child) => (child === target ? replacement : child));
    replacement = { ...node, children } as Root | Element;
    if (node === anchor) replacement.position = extended(anchor.position, length);
  }
  return replacement as Root;
}

/**
 * What appending did to the tree: the one text node whose value grew (before → after, the
 * element it is in) when the chunk went into the last text, else null (a new text node).
 * A renderer can then grow that text where it is shown instead of rendering the block again.
 */
export interface GrownText {
  before: string;
  after: string;
  /** The tag of the text's parent element (p, li, h1…h6, code). */
  parent: string;
}

/** The tree `text` parses to, built from `previous` when `text` only adds plain words to its end; else null. */
export function appendToOpenBlock(previous: OpenBlockTree, text: string): Root | null {
  return extendOpenBlock(previous, text)?.hast ?? null;
}

/** appendToOpenBlock, also telling which text grew (see GrownText). */
export function extendOpenBlock(previous: OpenBlockTree, text: string): { hast: Root; grown: GrownText | null } | null {
  const oldText = previous.text;
  if (text.length <= oldText.length || !text.startsWith(oldText) || TRAILING_SPACE.test(oldText)) return null;
  const chunk = text.slice(oldText.length);
  if (LINE_BREAK.test(chunk) || TRAILING_SPACE.test(chunk)) return null;
  const leaf = lastLeaf(previous.hast);
  if (!leaf) return null;
  if ("inline" in leaf) {
    const hast = appendAfterInline(leaf.path, leaf.inline, oldText, chunk);
    return hast && { hast, grown: null };
  }
  const spine = leaf;
  const parent = spine.path.at(-1)!;
  if (parent.type !== "element") return null;
  const value = spine.text.value;

  if (parent.tagName === "code") {
    const pre = spine.path.at(-2);
    if (pre?.type !== "element" || pre.tagName !== "pre" || !value.endsWith("\n")) return null;
    const code = value.slice(0, -1);
    const tail = lastLine(code);
    if (tail === "" || !oldText.endsWith(tail) || !endsAt(parent, oldText.length) || !canAppendCode(oldText))
      return null;
    const after = code + chunk + "\n";
    return { hast: withText(spine, after, parent, chunk.length), grown: { before: value, after, parent: "code" } };
  }

  if (!PROSE_PARENTS.has(parent.tagName)) return null;
  const tail = lastLine(value);
  if (tail === "" || !oldText.endsWith(tail) || !endsAt(spine.text, oldText.length) || !canAppendProse(oldText, chunk))
    return null;
  const after = value + chunk;
  return {
    hast: withText(spine, after, spine.text, chunk.length),
    grown: { before: value, after, parent: parent.tagName },
  };
}

/** A chunk starting with a space, after the inline element that ends the old text: a new text node. */
function appendAfterInline(path: (Root | Element)[], inline: Element, oldText: string, chunk: string): Root | null {
  const end = inline.position?.end;
  if (!end || end.offset !== oldText.length || !LEADING_SPACE.test(chunk) || !canAppendProse(oldText, chunk))
    return null;
  const text: Text = {
    type: "text",
    value: chunk,
    position: {
      start: end,
      end: { line: end.line, column: end.column + chunk.length, offset: end.offset + chunk.length },
    },
  };
  let replacement: Root | Element = { ...path.at(-1)!, children: [...path.at(-1)!.children, text] } as Root | Element;
  for (let depth = path.length - 2; depth >= 0; depth--) {
    const node = path[depth]!;
    const target = path[depth + 1]!;
    const built: Root | Element = replacement;
    replacement = { ...node, children: node.children.map((child) => (child === target ? built : child)) } as
      Root | Element;
  }
  return replacement as Root;
}
