/**
 * The chat's markdown pipeline (spec §9 "Chat markdown"): GitHub-flavoured
 * markdown and maths, text → sanitized hast. The steps are called directly
 * (micromark, mdast → hast, sanitize) rather than through unified/react-markdown:
 * a streaming answer is parsed again on every frame, and building a processor
 * per call cost more than the parse; the markdown → markdown serialisers that
 * remark-gfm and remark-math register are not bundled either.
 *
 * Security: hast-util-sanitize (GitHub's schema) runs on the tree built from the
 * user's or the model's text; raw HTML in the text is shown as text, but for a line
 * break and a few tags that mark text (rawHtmlAsText.ts). Maths is
 * only turned into formula elements afterwards (KaTeX typesets them, trust off).
 */
import type { Element, ElementContent, Root, RootContent } from "hast";
import { defaultSchema, sanitize, type Schema } from "hast-util-sanitize";
import { fromMarkdown } from "mdast-util-from-markdown";
import { gfmFromMarkdown } from "mdast-util-gfm";
import { mathFromMarkdown } from "mdast-util-math";
import { toHast } from "mdast-util-to-hast";
import { gfm } from "micromark-extension-gfm";
import { math } from "micromark-extension-math";
import { cjkFriendlyEmphasis } from "./cjkFriendlyEmphasis";
import { hastText } from "./hastText";
import { limitNestingDepth, MAX_NESTING_DEPTH } from "./limitNestingDepth";
import { mapLinesOutsideFences } from "./outsideFences";
import { htmlAsText, inlineHtmlAsText } from "./rawHtmlAsText";

/** The default (GitHub) schema, plus the classes the maths arrives with. */
export const sanitizeSchema: Schema = {
  ...defaultSchema,
  attributes: {
    ...defaultSchema.attributes,
    code: [["className", /^language-./, "math-inline", "math-display"]],
  },
};

// Strikethrough with two tildes only: models write one for approximately ("~5 minutes") or a
// subscript ("H~2~O"), which GFM's single-tilde strikethrough would strike through.
const micromarkExtensions = [cjkFriendlyEmphasis, gfm({ singleTilde: false }), math()];
const gfmMdastExtensions = gfmFromMarkdown();
const mathMdastExtension = mathFromMarkdown();

/**
 * GFM finds bare URLs and e-mail addresses in a tree's text after the parse, by running
 * regular expressions over every text node: text with no `http://`, `https://`, `www.` or
 * `@` cannot hold one, and is parsed without that search (a fifth of a short block's parse).
 */
const parseOptions = {
  extensions: micromarkExtensions,
  mdastExtensions: [...gfmMdastExtensions, mathMdastExtension],
};
const parseOptionsWithoutLiteralLinks = {
  extensions: micromarkExtensions,
  mdastExtensions: [...gfmMdastExtensions.map(({ transforms: _search, ...extension }) => extension), mathMdastExtension],
};
const MAY_HOLD_LITERAL_LINK = /https?:\/\/|www\.|@/i;

/** The tag the formulas get; renderMarkdown maps it to MathFormula. */
export const FORMULA_TAG = "math-formula";

const classesOf = (element: Element): string[] =>
  Array.isArray(element.properties.className) ? element.properties.className.map(String) : [];

/** Keeps the source position (the streaming fast path checks where an inline formula ends). */
function formula(tex: string, display: boolean, position: Element["position"]): Element {
  return {
    type: "element",
    tagName: FORMULA_TAG,
    properties: { tex, mode: display ? "display" : "inline" },
    children: [],
    ...(position && { position }),
  };
}

/** A line that may be indented code, after its block quote and list markers: left alone. */
const INDENTED_LINE = /^(?:[ \t]*(?:>|[-+*]|\d{1,9}[.)])(?=[ \t]|$))*(?: {4}|\t)/;
/** An inline code span (kept as it is), or a pair of LaTeX maths delimiters on one line. */
const CODE_OR_LATEX_PAIR = /(`+)[^`]*?\1|(?<!\\)\\\((.+?)(?<!\\)\\\)|(?<!\\)\\\[(.+?)(?<!\\)\\\]/g;
/** What tells maths from escaped brackets (`\[1\]`, `\(see below\)`): a command, an operator, or one letter. */
const LOOKS_LIKE_MATHS = /[\\^_=+*/<>]|^\s*\p{L}\s*$/u;
/** `\[` or `\]` alone on its line (after any block quote markers): a display formula's first or last line. */
const DISPLAY_FENCE = /^((?:[ \t]*>)*[ \t]*)\\([[\]])\s*$/;

/**
 * Models write maths as `\(…\)` and `\[…\]` as often as with dollars, which markdown would
 * read as escaped brackets. Outside code (code spans, fenced blocks, and any line indented as
 * code may be), a pair of them on one line whose content looks like maths, or `\[` and `\]`
 * each alone on its line, become `$$`: as long as they are (so every source position stays
 * where it was: the streaming view relies on them), and read by the maths syntax as a formula;
 * one alone in its paragraph is shown as a display formula (replaceMaths).
 */
function dollarDelimiters(text: string): string {
  if (!text.includes("\\")) return text;
  let inDisplay = false;
  return mapLinesOutsideFences(text, (line) => {
    const display = DISPLAY_FENCE.exec(line);
    if (display && (display[2] === "[") !== inDisplay) {
      inDisplay = !inDisplay;
      return `${display[1]}$$${line.slice(display[1]!.length + 2)}`;
    }
    if (inDisplay || INDENTED_LINE.test(line)) return line;
    return line.replace(CODE_OR_LATEX_PAIR, (match, _ticks, inline?: string, block?: string) => {
      const tex = inline ?? block;
      return tex !== undefined && LOOKS_LIKE_MATHS.test(tex) ? `$$${tex}$$` : match;
    });
  });
}

/** A code span, or a lone dollar (not escaped, not next to another dollar). */
const CODE_SPAN_OR_DOLLAR = /(`+)[^`]*?\1|(?<![\\$])\$(?!\$)/g;
/** Stands for a dollar that is text while the text is parsed: one UTF-16 unit, as the dollar, so source positions hold. */
const DOLLAR_MARK = "\uE024";

/**
 * Whether the lone dollar at `at` may open a formula: a character other than a space follows
 * it, and a digit only when its word ends in a dollar that may close it ("$2$", "$2^n$": "$5"
 * is a price, and so is "$20-$30").
 */
const opensFormula = (line: string, at: number) => /^(?:[^\s\d]|\d[^\s$]*\$(?!\d))/.test(line.slice(at + 1));
/** Whether the lone dollar at `at` may close a formula: no space before it, no digit after it. */
const closesFormula = (line: string, at: number) => !/\s/.test(line[at - 1] ?? " ") && !/\d/.test(line[at + 1] ?? "");

/**
 * The formulas' dollars of a line stay; every other lone dollar is marked as text. The maths
 * syntax pairs any two dollars: in "costs $5, or $2^n$ steps" it took "$5, or $" for a formula
 * (which replaceMaths gave back as text) and left "2^n$" without its opening dollar. Here a
 * dollar opens a formula by the rule above and the first dollar after it that may close one
 * closes it, as the streaming view waits for them (pendingInlineMarkup.ts); "$$" is left to
 * the maths syntax. Code spans, fenced code and lines that may be indented code are left alone.
 */
function markTextDollars(text: string): string {
  if (!text.includes("$")) return text;
  return mapLinesOutsideFences(text, (line) => {
    if (INDENTED_LINE.test(line) || !line.includes("$")) return line;
    const dollars = [...line.matchAll(CODE_SPAN_OR_DOLLAR)].flatMap((match) => (match[1] ? [] : [match.index]));
    const marked = new Set<number>();
    for (let k = 0; k < dollars.length; k++) {
      const close = opensFormula(line, dollars[k]!) ? dollars.findIndex((at, m) => m > k && closesFormula(line, at)) : -1;
      if (close < 0) marked.add(dollars[k]!);
      else {
        // Dollars inside the formula are its TeX's, escaped ones ("$\$5$") too: marked, so that the
        // maths syntax does not end it there.
        for (let m = k + 1; m < close; m++) marked.add(dollars[m]!);
        for (let at = line.indexOf("\\$", dollars[k]!); at >= 0 && at < dollars[close]!; at = line.indexOf("\\$", at + 2))
          marked.add(at + 1);
        k = close;
      }
    }
    let markedLine = "";
    let from = 0;
    for (const at of [...marked].sort((a, b) => a - b)) {
      markedLine += line.slice(from, at) + DOLLAR_MARK;
      from = at + 1;
    }
    return markedLine + line.slice(from);
  });
}

/** Stand for an asterisk and an underscore that are text (crowdedEmphasisAsText): one UTF-16 unit each, as the dollar's mark. */
const ASTERISK_MARK = "\uE02A";
const UNDERSCORE_MARK = "\uE05F";
/** Stand for the characters of block quote and list markers that are text (deepContainersAsText). */
const CONTAINER_MARKS: Readonly<Record<string, string>> = {
  ">": "\uE03E",
  "-": "\uE02D",
  "+": "\uE02B",
  "*": ASTERISK_MARK,
  ".": "\uE02E",
  ")": "\uE029",
};
/** The marks of characters kept as text, and each one's character. */
const TEXT_MARKS: readonly (readonly [mark: string, character: string])[] = [
  [DOLLAR_MARK, "$"],
  [UNDERSCORE_MARK, "_"],
  ...Object.entries(CONTAINER_MARKS).map(([character, mark]) => [mark, character] as const),
];
const ANY_TEXT_MARK = /[\uE024\uE029\uE02A\uE02B\uE02D\uE02E\uE03E\uE05F]/;

const unmark = (value: string, inAddress: boolean) =>
  TEXT_MARKS.reduce(
    (restored, [mark, character]) =>
      (inAddress ? restored.replaceAll(encodeURI(mark), character) : restored).replaceAll(mark, character),
    value,
  );

/** The marked characters back in the tree's text and attributes (a formula's TeX, a link's address or title). */
function restoreMarkedCharacters(nodes: (RootContent | ElementContent)[]): void {
  for (const node of nodes) {
    if (node.type === "text") node.value = unmark(node.value, false);
    else if (node.type === "element") {
      for (const [name, value] of Object.entries(node.properties))
        if (typeof value === "string") node.properties[name] = unmark(value, true);
      restoreMarkedCharacters(node.children);
    }
  }
}

/**
 * How many runs of `*` and `_` one paragraph may hold before they are all shown as typed. The
 * parser pairs emphasis by looking back from every closing run over the runs before it in the
 * paragraph: one of 2,000 unmatched runs ("_a* _a* …", 8 KB) took 0.15 s, one of 12,000 (24 KB)
 * about 3 s in the browser, the page frozen meanwhile. 300 runs are 150 emphasised phrases in
 * one paragraph, beyond what people or models write (a list's items and a table's cells are
 * paragraphs of their own), and the time grows with the text's length only.
 */
const MAX_EMPHASIS_RUNS_PER_PARAGRAPH = 300;
const EMPHASIS_RUN = /[*_]+/g;
/** A line that starts a list item or a table row: its text is parsed apart from the lines before it. */
const STARTS_OWN_TEXT = /^[ \t>]*(?:(?:[*+-]|\d{1,9}[.)])(?:[ \t]|$)|\|)/;
/** A run at a line's start that makes the line a list item or a thematic break: structure, kept. */
const LEADING_MARKER = /^[ \t>]*[*_][*_ \t]*(?=[ \t]|$)/;

const emphasisRuns = (text: string) => text.match(EMPHASIS_RUN)?.length ?? 0;

/**
 * Lines parsed as one paragraph's text (between blank lines, list items and table rows) that hold
 * more emphasis runs than a paragraph may: their asterisks and underscores are marked as text
 * (restored after the parse, positions unchanged), but for the bullets and thematic breaks at
 * the lines' starts.
 */
function crowdedEmphasisAsText(text: string): string {
  if (emphasisRuns(text) <= MAX_EMPHASIS_RUNS_PER_PARAGRAPH) return text;
  const lines = text.split("\n");
  let first = 0;
  let runs = 0;
  const markFrom = (end: number) => {
    if (runs > MAX_EMPHASIS_RUNS_PER_PARAGRAPH)
      for (let i = first; i < end; i++) {
        const kept = LEADING_MARKER.exec(lines[i]!)?.[0] ?? "";
        lines[i] = kept + lines[i]!.slice(kept.length).replaceAll("*", ASTERISK_MARK).replaceAll("_", UNDERSCORE_MARK);
      }
  };
  lines.forEach((line, i) => {
    if (line.trim() === "" || STARTS_OWN_TEXT.test(line)) {
      markFrom(i);
      first = i;
      runs = 0;
    }
    runs += emphasisRuns(line);
  });
  markFrom(lines.length);
  return lines.join("\n");
}

/** A block quote or list marker at a line's start, after the markers before it. */
const CONTAINER_MARKER = /[ \t]*(?:>|(?:[*+-]|\d{1,9}[.)])(?=[ \t]|$))/y;
/** A line that starts with more markers than blocks may nest. */
const TOO_MANY_MARKERS = new RegExp(`^(?:[ \\t]*(?:>|(?:[*+-]|\\d{1,9}[.)])(?=[ \\t]|$))){${MAX_NESTING_DEPTH + 1}}`, "m");

/**
 * A line's block quote and list markers beyond MAX_NESTING_DEPTH are marked as text (restored
 * after the parse, positions unchanged). The parser takes time that grows with the square of a
 * list's depth (4,000 nested "- " took 4 s), and the nesting itself is cut at that depth anyway
 * (limitNestingDepth).
 */
function deepContainersAsText(text: string): string {
  if (!TOO_MANY_MARKERS.test(text)) return text;
  return text
    .split("\n")
    .map((line) => {
      CONTAINER_MARKER.lastIndex = 0;
      let count = 0;
      let from = 0;
      let to = 0;
      while (CONTAINER_MARKER.exec(line)) {
        to = CONTAINER_MARKER.lastIndex;
        if (++count === MAX_NESTING_DEPTH) from = to;
      }
      if (count <= MAX_NESTING_DEPTH) return line;
      return line.slice(0, from) + line.slice(from, to).replace(/[>\-+*.)]/g, (c) => CONTAINER_MARKS[c]!) + line.slice(to);
    })
    .join("\n");
}

/** An element's position in the source, when it has one. */
function offsetsOf(node: Element): { start: number; end: number } | null {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  return start === undefined || end === undefined ? null : { start, end };
}

/**
 * `$…$` (code.math-inline), `$$…$$` (pre > code.math-display) and ```math
 * (pre > code.language-math) become formula elements, as rehype-katex would
 * find them (a lone dollar that is no formula's was marked as text: markTextDollars),
 * and a paragraph that holds only a `$$…$$` becomes a display formula.
 */
function replaceMaths(children: (RootContent | ElementContent)[], source: string): void {
  for (let i = 0; i < children.length; i++) {
    const node = children[i]!;
    if (node.type !== "element") continue;
    if (node.tagName === "p") {
      const [only, ...others] = node.children;
      const offsets = only?.type === "element" ? offsetsOf(only) : null;
      if (only?.type === "element" && others.length === 0 && offsets && source.startsWith("$$", offsets.start) && classesOf(only).includes("math-inline")) {
        children[i] = formula(hastText(only), true, node.position);
        continue;
      }
    }
    if (node.tagName === "pre") {
      const code = node.children.find(
        (child): child is Element => child.type === "element" && child.tagName === "code",
      );
      const classes = code ? classesOf(code) : [];
      if (code && (classes.includes("language-math") || classes.includes("math-display"))) {
        // A fenced block's text ends with its line ending.
        children[i] = formula(hastText(code).replace(/\n$/, ""), true, node.position);
        continue;
      }
    } else if (node.tagName === "code") {
      const classes = classesOf(node);
      if (classes.includes("math-inline") || classes.includes("math-display") || classes.includes("language-math")) {
        children[i] = formula(hastText(node), classes.includes("math-display"), node.position);
        continue;
      }
    }
    replaceMaths(node.children, source);
  }
}

/**
 * Whether an image address is another site's (the page's Content-Security-Policy loads images from its
 * own only). Resolved as the browser would resolve it: "//host/x", "https:/host/x" and "https:host/x"
 * are other sites too, though they do not start with "https://".
 */
function isOtherSite(src: string): boolean {
  const page = new URL(globalThis.location?.origin ?? "http://localhost");
  try {
    const url = new URL(src, page);
    // An image the answer carries itself (the sanitizer decides which of those may show).
    if (url.protocol === "data:" || url.protocol === "blob:") return false;
    return url.origin !== page.origin;
  } catch {
    return true;
  }
}

/**
 * An image from another site becomes a link to it: the page does not load it (an address in an
 * answer could carry the conversation to whoever serves it), and a broken image would say nothing.
 */
function otherSitesImagesAsLinks(children: (RootContent | ElementContent)[]): void {
  for (let i = 0; i < children.length; i++) {
    const node = children[i]!;
    if (node.type !== "element") continue;
    const src = node.tagName === "img" ? node.properties.src : undefined;
    if (typeof src === "string" && isOtherSite(src)) {
      const alt = typeof node.properties.alt === "string" && node.properties.alt.trim() ? node.properties.alt : src;
      children[i] = { type: "element", tagName: "a", properties: { href: src }, children: [{ type: "text", value: alt }], position: node.position };
    } else otherSitesImagesAsLinks(node.children);
  }
}

/**
 * The sanitizer prefixes every id (DOM clobbering: an id must not shadow a global), so the
 * footnotes' links point at the prefixed ids too. mdast-util-to-hast prefixes them by itself
 * (its `clobberPrefix`), which the sanitizer then prefixed again: the links led nowhere.
 */
function linkFootnotesToPrefixedIds(nodes: (RootContent | ElementContent)[]): void {
  for (const node of nodes) {
    if (node.type !== "element") continue;
    const { href, dataFootnoteRef, dataFootnoteBackref } = node.properties;
    if (node.tagName === "a" && (dataFootnoteRef !== undefined || dataFootnoteBackref !== undefined) && typeof href === "string" && href.startsWith("#"))
      node.properties.href = `#${sanitizeSchema.clobberPrefix}${href.slice(1)}`;
    else linkFootnotesToPrefixedIds(node.children);
  }
}

const DIRECTED_BLOCKS = new Set(["ul", "ol", "blockquote"]);

/**
 * Lists and quotes take their direction from their text (dir="auto"): a Hebrew list's numbers and
 * a Hebrew quote's bar on the right (each paragraph's own direction is the styles' unicode-bidi).
 */
function textDirectionOfBlocks(nodes: (RootContent | ElementContent)[]): void {
  for (const node of nodes) {
    if (node.type !== "element") continue;
    if (DIRECTED_BLOCKS.has(node.tagName)) node.properties.dir = "auto";
    textDirectionOfBlocks(node.children);
  }
}

/** Markdown text → sanitized hast, formulas marked for MathFormula, other sites' images as links. */
export function markdownToHast(text: string): Root {
  const source = deepContainersAsText(crowdedEmphasisAsText(markTextDollars(dollarDelimiters(text))));
  const mdast = fromMarkdown(source, MAY_HOLD_LITERAL_LINK.test(source) ? parseOptions : parseOptionsWithoutLiteralLinks);
  limitNestingDepth(mdast);
  if (source.includes("<")) inlineHtmlAsText(mdast);
  const hast = sanitize(toHast(mdast, { clobberPrefix: "", handlers: { html: htmlAsText } }), sanitizeSchema) as Root;
  replaceMaths(hast.children, source);
  if (ANY_TEXT_MARK.test(source)) restoreMarkedCharacters(hast.children);
  if (source.includes("![")) otherSitesImagesAsLinks(hast.children);
  if (source.includes("[^")) linkFootnotesToPrefixedIds(hast.children);
  textDirectionOfBlocks(hast.children);
  return hast;
}
