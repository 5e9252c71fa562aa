/**
 * Blocks simple enough to need no parser: most blocks of a streaming answer
 * are prose, a heading, a tight list, a code block or a table of plain words,
 * and the parser's fixed cost (about 0.1 ms however short the text, more in a
 * busy page) is paid whenever a block starts or a chunk brings inline syntax.
 * Here such a block's text is recognised as a whole and its tree built
 * directly, as markdownToHast would give it; anything the rules below do not
 * cover gives null and the block is parsed.
 *
 * The rules are deliberately narrow (a false "no" only costs a parse):
 * - prose (a paragraph, or an ATX heading's one line) holds letters, digits,
 *   spaces and inert punctuation; no line starts with anything but a letter,
 *   a digit (not a list marker) or an opening quote or parenthesis, or ends
 *   in a space; no autolink can start (`www.`, `://`, `@`);
 * - inline syntax is only whole constructs that start after a space (or a
 *   line's start) and end before a space, punctuation or the end: `**strong**`,
 *   `*em*`, `__strong__`, `_em_`, `~~del~~` around plain words, `` `code` ``
 *   and `$maths$` around anything but their delimiter, none with spaces just
 *   inside its delimiters; any other `*`, `_`, `~`, `` ` `` or `$` gives null;
 * - a code block is an opening fence with a plain language (not `math`),
 *   lines none of which could close it, and maybe the same fence closing it;
 * - lists and tables are those their fast paths build (appendListItems,
 *   appendTableRows).
 *
 * Nothing becomes markup but these elements, and text is only ever text.
 */
import type { Element, ElementContent, Root, Text } from "hast";
import { plainList } from "./appendListItems";
import { plainTable } from "./appendTableRows";
import { FORMULA_TAG } from "./markdownPipeline";

type Point = { line: number; column: number; offset: number };
type Position = { start: Point; end: Point };

/** Characters prose may hold outside inline syntax. */
const PLAIN_CHAR = /[\p{L}\p{M}\p{N} .,;:?!'"%/()+=#|\-\u2018\u2019\u201C\u201D\u2013\u2014\u2026\n]/u;
/** A run of them from `lastIndex` (sticky: the scan steps over plain words at once). */
const PLAIN_RUN = new RegExp(`${PLAIN_CHAR.source}+`, "uy");
const PLAIN_ONLY = new RegExp(`^${PLAIN_CHAR.source}*$`, "u");
/**
 * How a line of prose may start: no block syntax (a marker, a quote, a fence, HTML, a definition…).
 * The first line may also start with `|`: a table needs a delimiter row, which starts no later line.
 */
const PLAIN_LINE_START = /^[\p{L}\p{N}"'(\u2018\u201C]/u;
const PLAIN_FIRST_LINE_START = /^[\p{L}\p{N}"'(\u2018\u201C|]/u;
const LIST_MARKER = /^\d{1,9}[.)](?:[ \t]|$)/;
const AUTOLINK = /www\.|:\/\/|@/i;
/** What may follow a closing delimiter: a space, a line break, the end or punctuation. */
const AFTER_CLOSE = /^(?:$|[ \n.,;:?!)'"\u2019\u201D])/u;
/** The words inside emphasis: plain characters on one line, a non-space at each end. */
const EMPHASIS_CONTENT = /^[^\s*_~`$]$|^[^\s*_~`$][^\n*_~`$]*[^\s*_~`$]$/u;
const EMPHASIS = [
  { delimiter: "**", tagName: "strong" },
  { delimiter: "__", tagName: "strong" },
  { delimiter: "~~", tagName: "del" },
  { delimiter: "*", tagName: "em" },
  { delimiter: "_", tagName: "em" },
] as const;

/** Positions in `text` by offset. */
function pointsOf(text: string): (offset: number) => Point {
  const lineStarts = [0];
  for (let at = text.indexOf("\n"); at >= 0; at = text.indexOf("\n", at + 1)) lineStarts.push(at + 1);
  return (offset) => {
    let line = lineStarts.length - 1;
    while (lineStarts[line]! > offset) line--;
    return { line: line + 1, column: offset - lineStarts[line]! + 1, offset };
  };
}

/** A construct starting at `at` (a delimiter after a space or a line's start): its node and end, or null. */
function construct(text: string, at: number, point: (offset: number) => Point): { node: Element; end: number } | null {
  const span = (start: number, end: number): Position => ({ start: point(start), end: point(end) });
  const char = text[at]!;
  if (char === "`" || char === "$") {
    if (text[at + 1] === char) return null;
    const close = text.indexOf(char, at + 1);
    const content = text.slice(at + 1, close);
    if (close < 0 || text[close + 1] === char || !AFTER_CLOSE.test(text.slice(close + 1, close + 2))) return null;
    if (content === "" || /^\s|\s$|\n|[`$]/.test(content)) return null;
    const position = span(at, close + 1);
    const node: Element =
      char === "$"
        ? {
            type: "element",
            tagName: FORMULA_TAG,
            properties: { tex: content, mode: "inline" },
            children: [],
            position,
          }
        : {
            type: "element",
            tagName: "code",
            properties: {},
            children: [{ type: "text", value: content, position }],
            position,
          };
    return { node, end: close + 1 };
  }
  const emphasis = EMPHASIS.find(({ delimiter }) => text.startsWith(delimiter, at));
  if (!emphasis) return null;
  const { delimiter, tagName } = emphasis;
  const from = at + delimiter.length;
  const close = text.indexOf(delimiter, from);
  const content = text.slice(from, close);
  if (close < 0 || !EMPHASIS_CONTENT.test(content) || !AFTER_CLOSE.test(text.slice(close + delimiter.length)))
    return null;
  if (!plainText(content)) return null;
  const end = close + delimiter.length;
  return {
    node: {
      type: "element",
      tagName,
      properties: {},
      children: [{ type: "text", value: content, position: span(from, close) }],
      position: span(at, end),
    },
    end,
  };
}

const plainText = (text: string): boolean => PLAIN_ONLY.test(text) && !AUTOLINK.test(text);

/** The inline content of prose `text` (from `offset` in the block), or null where it holds anything else. */
function inlineContent(text: string, offset: number, point: (offset: number) => Point): ElementContent[] | null {
  const children: ElementContent[] = [];
  let textStart = 0;
  const flush = (end: number) => {
    if (end > textStart) {
      const position = { start: point(offset + textStart), end: point(offset + end) };
      children.push({ type: "text", value: text.slice(textStart, end), position } satisfies Text);
    }
  };
  for (let at = 0; at < text.length;) {
    PLAIN_RUN.lastIndex = at;
    if (PLAIN_RUN.test(text)) {
      at = PLAIN_RUN.lastIndex;
      continue;
    }
    const afterSpace = at === 0 || text[at - 1] === " " || text[at - 1] === "\n";
    const found = afterSpace ? construct(text, at, (local) => point(offset + local)) : null;
    if (!found) return null;
    flush(at);
    children.push(found.node);
    at = textStart = found.end;
  }
  flush(text.length);
  const words = children.filter((child): child is Text => child.type === "text").map((child) => child.value);
  return words.every((value) => !AUTOLINK.test(value)) ? children : null;
}

function plainParagraph(text: string): Root | null {
  for (const [index, line] of text.split("\n").entries())
    if (
      !(index === 0 ? PLAIN_FIRST_LINE_START : PLAIN_LINE_START).test(line) ||
      LIST_MARKER.test(line) ||
      /\s$/.test(line)
    )
      return null;
  const point = pointsOf(text);
  const children = inlineContent(text, 0, point);
  if (!children) return null;
  const position = { start: point(0), end: point(text.length) };
  return { type: "root", children: [{ type: "element", tagName: "p", properties: {}, children, position }], position };
}

const ATX_HEADING = /^(#{1,6}) (?=\S)/;

function plainHeading(text: string): Root | null {
  const marker = ATX_HEADING.exec(text)?.[0];
  const content = marker && text.slice(marker.length);
  // A closing sequence of `#` is not part of the heading's text.
  if (!content || content.includes("\n") || content.endsWith("#") || /\s$/.test(content)) return null;
  const point = pointsOf(text);
  const children = inlineContent(content, marker.length, point);
  if (!children) return null;
  const position = { start: point(0), end: point(text.length) };
  const heading: Element = { type: "element", tagName: `h${marker.length - 1}`, properties: {}, children, position };
  return { type: "root", children: [heading], position };
}

const OPENING_FENCE = /^(`{3,}|~{3,})([\w.+#-]*)$/;
/** A line that could close a fence (or open another): left to the parser, unless it is the block's last line and closes it. */
const FENCE_LIKE = /^ {0,3}(?:`{3}|~{3})/;

function plainCodeBlock(text: string): Root | null {
  if (text.includes("\r")) return null;
  const [opening, ...lines] = text.split("\n");
  const [, fence, language] = OPENING_FENCE.exec(opening!) ?? [];
  if (fence === undefined || language === undefined || language === "math") return null;
  // The same fence alone on the last line closes the block.
  const closed = lines.length > 0 && lines.at(-1) === fence;
  const code = closed ? lines.slice(0, -1) : lines;
  if (code.some((line) => FENCE_LIKE.test(line))) return null;
  const point = pointsOf(text);
  const position = { start: point(0), end: point(text.length) };
  const codeElement: Element = {
    type: "element",
    tagName: "code",
    properties: language ? { className: [`language-${language}`] } : {},
    children: [{ type: "text", value: code.length > 0 ? `${code.join("\n")}\n` : "" }],
    position,
  };
  return {
    type: "root",
    children: [{ type: "element", tagName: "pre", properties: {}, children: [codeElement], position }],
    position,
  };
}

/** The tree markdownToHast gives `text` (a block: trimmed, no blank line outside code), when it is simple; else null. */
export function plainBlockTree(text: string): Root | null {
  switch (text[0]) {
    case "`":
    case "~":
      return plainCodeBlock(text);
    case "|":
      return plainTable(text) ?? plainParagraph(text);
    case "#":
      return plainHeading(text);
    case "-":
    case "+":
    case "*":
      return plainList(text);
    default:
      return LIST_MARKER.test(text) ? plainList(text) : text ? plainParagraph(text) : null;
  }
}
