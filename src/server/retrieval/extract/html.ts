/**
 * HTML to text without a DOM: script, style and other non-content elements are
 * dropped whole, headings become Markdown headings (so sections keep them),
 * block elements become line breaks and entities are decoded.
 */
import { markdownSections } from "./markdown";
import type { Extracted } from "./types";

const DROPPED = /<(script|style|noscript|template|svg|math|iframe|object|head)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;
const BLOCK =
  /<\/?(p|div|section|article|header|footer|main|aside|nav|ul|ol|li|table|thead|tbody|tr|blockquote|pre|br|hr|dl|dt|dd|figure|figcaption)\b[^>]*>/gi;

const NAMED: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  ndash: "–",
  mdash: "—",
  hellip: "…",
  copy: "©",
  reg: "®",
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === "#") {
      const code = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : "";
    }
    return NAMED[name.toLowerCase()] ?? whole;
  });
}

export function htmlToMarkdown(html: string): string {
  return decodeEntities(
    html
      .replace(/<!--[\s\S]*?-->/g, "")
      .replace(DROPPED, "")
      .replace(/<h([1-6])\b[^>]*>([\s\S]*?)<\/h\1\s*>/gi, (_m, level: string, inner: string) => {
        const text = inner
          .replace(/<[^>]*>/g, "")
          .replace(/\s+/g, " ")
          .trim();
        return text ? `\n\n${"#".repeat(Number(level))} ${text}\n\n` : "\n";
      })
      .replace(/<(td|th)\b[^>]*>/gi, " ")
      .replace(BLOCK, "\n")
      .replace(/<[^>]*>/g, ""),
  )
    .replace(/[ \t\f\v\u00a0]+/g, " ")
    .replace(/ *\n */g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

export function extractHtml(html: string): Extracted {
  return { sections: markdownSections(htmlToMarkdown(html)), pageCount: null };
}
