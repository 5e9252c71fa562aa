/**
 * The fast path of a streaming answer's open block when it is a list: a list
 * streams item by item, and a chunk that is not only plain words (a new
 * marker, emphasis, code) changes the last item or adds items. In a tight list
 * (no blank line) without definitions an item is parsed from its own lines, so
 * the item that was last in the old text and everything after it are parsed as
 * a list of their own, and its items replace the old last item of the previous
 * (already sanitized) tree; the items before it are kept as they were. In a loose
 * list (a blank line between items: its items' text in paragraphs) the same, the
 * tail parsed after a first item of its kind and a blank line, so that it reads as
 * loose as the whole list does; that item is left out.
 *
 * Conservative (a false "no" only costs a parse): the old tree must be one
 * list starting at the block's first character with one item per line that
 * starts with a marker at the margin, and the small list must be one list of
 * the same kind and classes with one item per such line of the tail; anything
 * else (a line that ends the list, a lazy line that looks like a marker, a
 * tight list becoming loose, a definition) gives null and the block is parsed again.
 */
import type { Element, Root } from "hast";
import type { OpenBlockTree } from "./appendToOpenBlock";
import { childElements, lineBreaksBefore, onlyElement, padded, shifted, spanning } from "./hastSplicing";
import { markdownToHast } from "./markdownPipeline";

const ITEM_START = { ul: /^[-+*](?:[ \t]|$)/, ol: /^\d{1,9}[.)](?:[ \t]|$)/ } as const;
/** A definition (references in other items) makes items depend on each other. */
const LINKED_ITEMS = /\]:|\r/;
/** A blank line: the list is loose (every item's text in a paragraph). */
const BLANK_LINE = /\n[ \t]*\n/;
/** The marker a tail starts with, for the item put before it. */
const MARKER = /^(?:[-+*]|\d{1,9}[.)])/;

const PLAIN_ITEM = { ul: /^[-+*] (?=\S)/, ol: /^\d{1,9}[.)] (?=\S)/ } as const;
/** A marker alone on its line: an item with no words yet. */
const BARE_MARKER = { ul: /^[-+*]$/, ol: /^\d{1,9}[.)]$/ } as const;
/** Letters, digits, marks, spaces and inert punctuation (appendToOpenBlock's PROSE_SAFE), ending in a non-space. */
const PLAIN_CONTENT =
  /^[\p{L}\p{M}\p{N} .,;?'"%/\u2018\u2019\u201C\u201D\u2013\u2014\u2026]*[\p{L}\p{M}\p{N}.,;?'"%/\u2018\u2019\u201C\u201D\u2013\u2014\u2026]$/u;
const NESTED_MARKER = /^(?:\d{1,9}[.)]|[-+*])(?: |$)/;
const AUTOLINK_WWW = /www\./i;

/** The offsets of the lines of `text` that start an item of a `tagName` list at the margin. */
function itemStarts(text: string, tagName: "ul" | "ol"): number[] {
  const starts: number[] = [];
  for (let at = 0; at <= text.length;) {
    const end = text.indexOf("\n", at);
    if (ITEM_START[tagName].test(text.slice(at, end < 0 ? text.length : end))) starts.push(at);
    if (end < 0) break;
    at = end + 1;
  }
  return starts;
}

/**
 * Items of plain words on one line each (the common case) need no parser: a
 * marker, one space and words without inline syntax give an item holding that
 * text (in a tight list), a marker alone an empty item (one that follows an
 * item of the list: it interrupts nothing). Null when a line holds anything
 * else: a task box, a nested marker, more spaces (indented code), any syntax,
 * or a marker of another kind.
 */
function plainItems(tail: string, tagName: "ul" | "ol", lines: number, offset: number): Element[] | null {
  const items: Element[] = [];
  let kind: string | undefined;
  let lineStart = offset;
  for (const [index, line] of tail.split("\n").entries()) {
    const marker = PLAIN_ITEM[tagName].exec(line)?.[0] ?? (BARE_MARKER[tagName].test(line) ? line : null);
    if (!marker) return null;
    // Another bullet (`-`, `+`, `*`) or delimiter (`.`, `)`) starts another list.
    const markerKind = marker.trimEnd().at(-1);
    if ((kind ??= markerKind) !== markerKind) return null;
    const content = line.slice(marker.length);
    if (content && (!PLAIN_CONTENT.test(content) || NESTED_MARKER.test(content) || AUTOLINK_WWW.test(content)))
      return null;
    const at = (column: number) => ({ line: lines + index + 1, column: column + 1, offset: lineStart + column });
    const position = { start: at(0), end: at(line.length) };
    const text = { type: "text" as const, value: content, position: { start: at(marker.length), end: position.end } };
    items.push({ type: "element", tagName: "li", properties: {}, children: content ? [text] : [], position });
    lineStart += line.length + 1;
  }
  return items;
}

/** The tree of a block that is a tight list of plain items (see plainItems), built without the parser; else null. */
export function plainList(text: string): Root | null {
  const tagName = /^\d/.test(text) ? "ol" : "ul";
  const items = plainItems(text, tagName, 0, 0);
  if (!items) return null;
  const start = tagName === "ol" ? Number.parseInt(text, 10) : 1;
  const list: Element = {
    type: "element",
    tagName,
    // As markdownToHast gives every list (textDirectionOfBlocks).
    properties: start === 1 ? { dir: "auto" } : { start, dir: "auto" },
    children: padded(items),
    position: spanning(items[0]!.position, items.at(-1)!.position),
  };
  return { type: "root", children: [list], position: list.position };
}

/** Whether the items are a loose list's: their text in paragraphs. */
const looseItems = (items: Element[]) =>
  items.some((item) => childElements(item).some((child) => child.tagName === "p"));

function listParts(root: Root): { list: Element & { tagName: "ul" | "ol" }; items: Element[] } | null {
  const list = onlyElement(root.children, "ul", "ol") as (Element & { tagName: "ul" | "ol" }) | null;
  if (!list) return null;
  const items = childElements(list);
  return items.every((item) => item.tagName === "li") ? { list, items } : null;
}

/** The tree `text` parses to, built from `previous` when it is a tight list that `text` adds to; else null. */
export function appendListItems(previous: OpenBlockTree, text: string): Root | null {
  const oldText = previous.text;
  if (text.length <= oldText.length || !text.startsWith(oldText) || LINKED_ITEMS.test(text)) return null;
  const old = listParts(previous.hast);
  if (!old || old.list.position?.start.offset !== 0) return null;
  const oldStarts = itemStarts(oldText, old.list.tagName);
  if (oldStarts.length !== old.items.length || oldStarts[0] !== 0) return null;

  const loose = BLANK_LINE.test(text);
  // Turning loose changes every item (its text goes into a paragraph): the whole list is parsed once.
  if (loose && !looseItems(old.items)) return null;
  const tailStart = oldStarts.at(-1)!;
  const tail = text.slice(tailStart);
  const lines = lineBreaksBefore(oldText, tailStart);
  const kept = old.items.slice(0, -1);
  const plain = loose ? null : plainItems(tail, old.list.tagName, lines, tailStart);
  let items: Element[];
  if (plain) items = [...kept, ...plain];
  else {
    const before = loose ? `${MARKER.exec(tail)?.[0] ?? "-"} x\n\n` : "";
    const added = listParts(markdownToHast(before + tail));
    const addedItems = loose ? (added?.items.slice(1) ?? []) : (added?.items ?? []);
    if (
      !added ||
      added.list.tagName !== old.list.tagName ||
      JSON.stringify(added.list.properties.className) !== JSON.stringify(old.list.properties.className) ||
      addedItems.length !== itemStarts(tail, old.list.tagName).length
    )
      return null;
    // Positions as in the whole text: the tail's, less the item put before it (its line and the blank one).
    const [beforeLines, beforeLength] = loose ? [2, before.length] : [0, 0];
    items = [...kept, ...addedItems.map((item) => shifted(item, lines - beforeLines, tailStart - beforeLength))];
  }
  const list: Element = {
    ...old.list,
    children: padded(items),
    position: spanning(old.list.position, items.at(-1)!.position),
  };
  return { ...previous.hast, children: [list] };
}
