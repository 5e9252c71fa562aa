/**
 * The chat's markdown pipeline (spec §9 "Chat markdown"): GitHub-flavoured
 * markdown and maths, text → sanitized hast. The steps are called directly
 * (micromark, mdast → hast, sanitize) rather than through unified/react-markdown:
 * a streaming answer is parsed again on every frame, and building a processor
 * per call cost more than the parse; the markdown → markdown serialisers that
 * remark-gfm and remark-math register are not bundled either.
 *
 * Security: hast-util-sanitize (GitHub's schema) runs on the tree built from the
 * user's or the model's text; raw HTML in the text never becomes markup. Maths is
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
import { hastText } from "./hastText";

/** The default (GitHub) schema, plus the classes the maths arrives with. */
export const sanitizeSchema: Schema = {
  ...defaultSchema,
  attributes: {
    ...defaultSchema.attributes,
    code: [["className", /^language-./, "math-inline", "math-display"]],
  },
};

const micromarkExtensions = [gfm(), math()];
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

/**
 * `$…$` (code.math-inline), `$$…$$` (pre > code.math-display) and ```math
 * (pre > code.language-math) become formula elements, as rehype-katex would
 * find them.
 */
function replaceMaths(children: (RootContent | ElementContent)[]): void {
  for (let i = 0; i < children.length; i++) {
    const node = children[i]!;
    if (node.type !== "element") continue;
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
    replaceMaths(node.children);
  }
}

/** Markdown text → sanitized hast, formulas marked for MathFormula. */
export function markdownToHast(text: string): Root {
  const mdast = fromMarkdown(text, MAY_HOLD_LITERAL_LINK.test(text) ? parseOptions : parseOptionsWithoutLiteralLinks);
  const hast = sanitize(toHast(mdast), sanitizeSchema) as Root;
  replaceMaths(hast.children);
  return hast;
}
