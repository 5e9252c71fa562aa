/**
 * The fast path of a streaming answer's open block when it is a table: a
 * table streams row by row, and every chunk (a cell's words, a `|`, the next
 * row) only changes its last line or adds lines. GFM parses a body row from
 * its own line and the table's header and delimiter rows alone, so the header,
 * the delimiter and the lines from the old last one on are parsed as a small
 * table, and its body rows replace the old last row of the previous (already
 * sanitized) tree; the rows before it are kept as they were.
 *
 * Conservative (a false "no" only costs a parse): the old tree must be one
 * table starting at the block's first character with one body row per line
 * after the delimiter (or none, the new text then going on with a new line), and the small table must be one table with one body row
 * per line of the tail; anything else (a line that ends the table, starts
 * another block, HTML) gives null and the block is parsed again.
 */
import type { Element, Root } from "hast";
import type { OpenBlockTree } from "./appendToOpenBlock";
import { childElements, isElement, lineBreaksBefore, onlyElement, padded, shifted, spanning } from "./hastSplicing";
import { markdownToHast } from "./markdownPipeline";

/** A row line of only pipes, spaces, letters, digits, marks and inert punctuation (see appendToOpenBlock's PROSE_SAFE). */
const PLAIN_ROW = /^\|[\p{L}\p{M}\p{N} |.,;?'"%/\u2018\u2019\u201C\u201D\u2013\u2014\u2026]*$/u;
const AUTOLINK_WWW = /www\./i;

/** The table's thead and the rows of its tbody (none before the first body row). */
function tableParts(root: Root): { table: Element; thead: Element; rows: Element[] } | null {
  const table = onlyElement(root.children, "table");
  if (!table) return null;
  const [thead, tbody, ...rest] = childElements(table);
  if (!thead || !isElement(thead, "thead") || rest.length > 0) return null;
  if (tbody && !isElement(tbody, "tbody")) return null;
  const rows = tbody ? childElements(tbody) : [];
  if (rows.some((row) => !isElement(row, "tr"))) return null;
  return { table, thead, rows };
}

/**
 * Rows of plain words (the common case: no inline syntax, no escapes) need no
 * parser at all: a line starting with `|` is split at its pipes, each cell
 * trimmed, as many cells as the header has (missing ones empty), aligned as
 * the header's. Null when a line holds anything else.
 */
function plainRows(tail: string, thead: Element): Element[] | null {
  const headerRow = childElements(thead)[0];
  if (!headerRow) return null;
  const aligns = childElements(headerRow).map((cell) => cell.properties.align);
  const rows: Element[] = [];
  for (const line of tail.split("\n")) {
    if (!PLAIN_ROW.test(line) || AUTOLINK_WWW.test(line)) return null;
    const cells = rowCells(line).map((cell) => cell.trim());
    const children = aligns.map((align, index): Element => ({
      type: "element",
      tagName: "td",
      properties: align === undefined ? {} : { align },
      children: cells[index] ? [{ type: "text", value: cells[index] }] : [],
    }));
    rows.push({ type: "element", tagName: "tr", properties: {}, children: padded(children) });
  }
  return rows;
}

/** A delimiter row's cell: dashes, a colon at either end for the alignment. */
const DELIMITER_CELL = /^ *(:?)-+(:?) *$/;

/** The cells of a row line that starts with `|` (a last `|` ends the row). */
function rowCells(line: string): string[] {
  const inner = line.trim().slice(1);
  return (inner.endsWith("|") ? inner.slice(0, -1) : inner).split("|");
}

function alignOf(cell: string): string | undefined {
  const [, left, right] = DELIMITER_CELL.exec(cell)!;
  if (left && right) return "center";
  return left ? "left" : right ? "right" : undefined;
}

/**
 * The tree of a block that is a table of plain words (a header of words, a delimiter row, rows
 * as plainRows takes them), built without the parser; else null.
 */
export function plainTable(text: string): Root | null {
  const [header, delimiter, ...body] = text.split("\n");
  if (delimiter === undefined || !PLAIN_ROW.test(header!) || AUTOLINK_WWW.test(header!)) return null;
  if (!delimiter.startsWith("|")) return null;
  const names = rowCells(header!).map((cell) => cell.trim());
  const delimiters = rowCells(delimiter);
  if (names.some((name) => name === "") || delimiters.length !== names.length) return null;
  if (!delimiters.every((cell) => DELIMITER_CELL.test(cell))) return null;
  const headerCells = names.map((name, index): Element => {
    const align = alignOf(delimiters[index]!);
    return {
      type: "element",
      tagName: "th",
      properties: align === undefined ? {} : { align },
      children: [{ type: "text", value: name }],
    };
  });
  const headerRow: Element = { type: "element", tagName: "tr", properties: {}, children: padded(headerCells) };
  const thead: Element = { type: "element", tagName: "thead", properties: {}, children: padded([headerRow]) };
  const rows = body.length > 0 ? plainRows(body.join("\n"), thead) : [];
  if (!rows) return null;
  const tbody: Element = { type: "element", tagName: "tbody", properties: {}, children: padded(rows) };
  const children = padded(rows.length > 0 ? [thead, tbody] : [thead]);
  const position = { start: { line: 1, column: 1, offset: 0 }, end: endOf(text) };
  return {
    type: "root",
    children: [{ type: "element", tagName: "table", properties: {}, children, position }],
    position,
  };
}

/** Where `text` ends, as a position. */
function endOf(text: string) {
  return {
    line: lineBreaksBefore(text, text.length) + 1,
    column: text.length - text.lastIndexOf("\n"),
    offset: text.length,
  };
}

/** The tree `text` parses to, built from `previous` when it is a table that `text` adds to; else null. */
export function appendTableRows(previous: OpenBlockTree, text: string): Root | null {
  const oldText = previous.text;
  if (text.length <= oldText.length || !text.startsWith(oldText) || text.includes("\r")) return null;
  const old = tableParts(previous.hast);
  if (!old || old.table.position?.start.offset !== 0) return null;
  const oldLines = oldText.split("\n");
  // The header and delimiter rows must stay as they are: the text adds a line after them, or the
  // old last line is a body row, which the small table parses again with the lines after it.
  const headerOnly = oldLines.length === 2;
  if (headerOnly ? text[oldText.length] !== "\n" : oldLines.length < 3) return null;
  if (old.rows.length !== oldLines.length - 2) return null;
  const headerEnd = headerOnly ? oldText.length + 1 : oldLines[0]!.length + oldLines[1]!.length + 2;
  const tailStart = headerOnly ? headerEnd : oldText.lastIndexOf("\n") + 1;

  const tail = text.slice(tailStart);
  const kept = headerOnly ? [] : old.rows.slice(0, -1);
  const plain = plainRows(tail, old.thead);
  let rows: Element[];
  if (plain) rows = [...kept, ...plain];
  else {
    const added = tableParts(markdownToHast(text.slice(0, headerEnd) + tail));
    if (!added || added.rows.length !== tail.split("\n").length) return null;
    const lines = headerOnly ? 0 : oldLines.length - 3;
    rows = [...kept, ...added.rows.map((row) => shifted(row, lines, tailStart - headerEnd))];
  }
  const tbody: Element = {
    type: "element",
    tagName: "tbody",
    properties: {},
    children: padded(rows),
    position: spanning(rows[0]!.position, rows.at(-1)!.position),
  };
  const table: Element = {
    ...old.table,
    children: padded([old.thead, tbody]),
    // The table ends with the text (it is trimmed); plain rows carry no positions of their own.
    position: { start: old.table.position.start, end: endOf(text) },
  };
  return { ...previous.hast, children: [table] };
}
