/**
 * Turns the [n] markers of an answer into markdown links to its citations
 * (grounding.ts: the model cites source n as [n], and [n] is citations[n - 1]).
 * Code is left alone: fenced blocks and inline code spans keep their brackets
 * (`a[1]` is an index, not a source), and so does anything that is already a
 * link, an escaped bracket or a footnote.
 */
import { mapLinesOutsideFences } from "../markdown/outsideFences";

const INLINE_CODE = /(`+)[^`]*?\1/g;
/** [1] or [1, 2]; not after a word character or a backslash; not followed by ( or : (a link or a definition). */
const MARKER = /(?<![\w\\])\[(\d{1,3}(?:\s*,\s*\d{1,3})*)\](?![(:])/g;

function linkProse(text: string, count: number, href: (n: number) => string): string {
  return text.replace(MARKER, (whole, list: string) => {
    const numbers = list.split(",").map((part) => Number(part.trim()));
    if (!numbers.every((n) => n >= 1 && n <= count)) return whole;
    return numbers.map((n) => `[\\[${n}\\]](${href(n)})`).join("");
  });
}

function linkLine(line: string, count: number, href: (n: number) => string): string {
  let out = "";
  let last = 0;
  for (const code of line.matchAll(INLINE_CODE)) {
    out += linkProse(line.slice(last, code.index), count, href) + code[0];
    last = code.index + code[0].length;
  }
  return out + linkProse(line.slice(last), count, href);
}

export function linkCitationMarkers(text: string, count: number, href: (n: number) => string): string {
  if (count === 0 || !text.includes("[")) return text;
  return mapLinesOutsideFences(text, (line) => linkLine(line, count, href));
}
