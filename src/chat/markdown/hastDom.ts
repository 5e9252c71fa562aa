/**
 * The open block of a streaming answer shown without React: its sanitized hast
 * (markdownPipeline) becomes DOM nodes, and each later tree of the same block
 * patches them (a new table row or list item is appended, a grown text grows,
 * nothing else is touched). React's renderings of the same trees
 * (renderMarkdown) give the very same DOM: once the block is finished, React
 * renders it and nothing on screen changes.
 *
 * Plain prose, lists, tables, quotes, headings and code blocks qualify
 * (isDomRenderable), and formulas once KaTeX is loaded (until then React's
 * MathFormula shows them, loading it). Only the elements and properties listed
 * below are ever created, from a tree the sanitizer already cleaned; text is set
 * as text, never as markup, and a formula's markup is KaTeX's, as MathFormula
 * shows it. A code block is CodeBlock's DOM (codeBlockDom.ts).
 */
import type { Element, ElementContent, Properties, Root, RootContent } from "hast";
import { codeElementOf, codeLanguage, codeOfPre, createCodeBlock } from "./codeBlockDom";
import { formulaHtml, katexStore } from "./katexLoader";
import { FORMULA_TAG } from "./markdownPipeline";

type HastNode = RootContent | ElementContent;

const PLAIN_TAGS = new Set([
  "p",
  "strong",
  "em",
  "del",
  "code",
  "a",
  "ul",
  "ol",
  "li",
  "table",
  "thead",
  "tbody",
  "tr",
  "th",
  "td",
  "blockquote",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "hr",
  "br",
  "sup",
  "sub",
]);

/** The properties these elements may carry, as attributes in the order React writes them. */
const PLAIN_PROPERTIES = new Set(["href", "title", "id", "start", "dir", "align"]);

/** As hast-util-to-jsx-runtime: whitespace between table parts is not rendered. */
const TABLE_PARTS = new Set(["table", "thead", "tbody", "tfoot", "tr"]);

const rendersWithoutReact = new WeakMap<Root, boolean>();

/** A formula's markup as MathFormula shows it, once KaTeX is loaded and renders it (else null: React shows it). */
function typesetFormula(formula: Element): string | null {
  const renderTex = katexStore.getState().renderTex;
  return renderTex && formulaHtml(renderTex, String(formula.properties.tex), formula.properties.mode === "display");
}

function plainElement(node: HastNode): boolean {
  if (node.type === "text") return true;
  if (node.type === "element" && node.tagName === FORMULA_TAG) return typesetFormula(node) !== null;
  if (node.type === "element" && node.tagName === "pre") return codeOfPre(node) !== null;
  if (node.type !== "element" || !PLAIN_TAGS.has(node.tagName)) return false;
  for (const key in node.properties) if (!PLAIN_PROPERTIES.has(key)) return false;
  return node.children.every(plainElement);
}

/** Whether the block `hast` shows can be shown by this module (cached per tree). */
export function isDomRenderable(hast: Root): boolean {
  let plain = rendersWithoutReact.get(hast);
  if (plain === undefined) {
    plain = hast.children.every(plainElement);
    rendersWithoutReact.set(hast, plain);
  }
  return plain;
}

const isWhitespaceText = (node: HastNode) => node.type === "text" && node.value.trim() === "";

/** The children of `node` that have a DOM node of their own. */
function shownChildren(node: Element): ElementContent[] {
  return TABLE_PARTS.has(node.tagName) ? node.children.filter((child) => !isWhitespaceText(child)) : node.children;
}

const attributeValue = (value: Properties[string]): string | null =>
  value === null || value === undefined || value === false ? null : String(value);

function setProperties(element: HTMLElement, node: Element, previous: Properties | null): void {
  const properties = node.properties;
  for (const key in previous ?? {})
    if (!(key in properties)) {
      if (key === "align") element.style.removeProperty("text-align");
      else element.removeAttribute(key);
    }
  for (const key in properties) {
    const value = attributeValue(properties[key]);
    if (previous && attributeValue(previous[key]) === value) continue;
    if (key === "align") element.style.textAlign = value ?? "";
    else if (value === null) element.removeAttribute(key);
    else element.setAttribute(key, value);
  }
  // As MarkdownLink: links open in a new tab without an opener, same-page anchors stay.
  if (node.tagName !== "a") return;
  if (String(properties.href ?? "").startsWith("#")) {
    element.removeAttribute("target");
    element.removeAttribute("rel");
  } else if (!element.hasAttribute("target")) {
    element.setAttribute("target", "_blank");
    element.setAttribute("rel", "noopener noreferrer");
  }
}

/** As MathFormula: KaTeX's own markup (trust off) for TeX that went through the sanitizer first. */
function createFormula(formula: Element): HTMLElement {
  const display = formula.properties.mode === "display";
  const dom = document.createElement(display ? "div" : "span");
  dom.className = display ? "math-display" : "math-inline";
  dom.innerHTML = typesetFormula(formula) ?? "";
  return dom;
}

const sameFormula = (a: Element, b: Element) =>
  a.properties.tex === b.properties.tex && a.properties.mode === b.properties.mode;

function createNode(node: HastNode): ChildNode {
  if (node.type === "text") return document.createTextNode(node.value);
  const element = node as Element;
  if (element.tagName === FORMULA_TAG) return createFormula(element);
  if (element.tagName === "pre") return createCodeBlock(codeOfPre(element)!);
  const dom = document.createElement(element.tagName);
  setProperties(dom, element, null);
  for (const child of shownChildren(element)) dom.appendChild(createNode(child));
  if (element.tagName !== "table") return dom;
  // As MarkdownTable: wide tables scroll inside their wrapper.
  const wrap = document.createElement("div");
  wrap.className = "table-wrap";
  wrap.appendChild(dom);
  return wrap;
}

/** The element that shows `node` (a table sits in its wrapper). */
const elementOf = (dom: ChildNode, node: Element): HTMLElement =>
  (node.tagName === "table" ? dom.firstChild : dom) as HTMLElement;

function patchText(dom: Text, before: string, after: string): void {
  if (after.startsWith(before)) dom.appendData(after.slice(before.length));
  else dom.data = after;
}

/**
 * Turns the nodes `parent` shows for `before` (its children from `offset` on, one per node) into
 * those of `after`: unchanged subtrees (the same objects) are skipped, texts grow, elements are
 * patched in place, and only what is new is created (before the nodes that followed).
 */
function patchChildren(parent: Node, offset: number, before: readonly HastNode[], after: readonly HastNode[]): void {
  const following = parent.childNodes[offset + before.length] ?? null;
  for (let index = 0; index < after.length; index++) {
    const next = after[index]!;
    const previous = index < before.length ? before[index]! : null;
    if (!previous) {
      parent.insertBefore(createNode(next), following);
      continue;
    }
    if (previous === next) continue;
    const dom = parent.childNodes[offset + index]!;
    if (next.type === "text" && previous.type === "text") {
      patchText(dom as Text, previous.value, next.value);
    } else if (next.type === "element" && previous.type === "element" && next.tagName === FORMULA_TAG) {
      if (previous.tagName !== FORMULA_TAG || !sameFormula(previous, next)) parent.replaceChild(createNode(next), dom);
    } else if (next.type === "element" && previous.type === "element" && next.tagName === "pre" && previous.tagName === "pre") {
      // The code grows; a block whose language changed (its fence's info string arriving) is made anew.
      const before = codeOfPre(previous)!;
      const after = codeOfPre(next)!;
      if (codeLanguage(before) !== codeLanguage(after)) parent.replaceChild(createNode(next), dom);
      else patchChildren(codeElementOf(dom), 0, before.children, after.children);
    } else if (next.type === "element" && previous.type === "element" && next.tagName === previous.tagName) {
      const element = elementOf(dom, next);
      setProperties(element, next, previous.properties);
      patchChildren(element, 0, shownChildren(previous), shownChildren(next));
    } else {
      parent.replaceChild(createNode(next), dom);
    }
  }
  for (let extra = before.length - after.length; extra > 0; extra--) parent.childNodes[offset + after.length]!.remove();
}

/**
 * Shows the block `hast` in `container`: `shown` is the tree its nodes show now, and `end` where
 * they end among the container's children (no nodes yet: `shown` null, and they are added at the
 * end). Returns the block's nodes.
 */
export function patchDomBlock(container: HTMLElement, end: number, shown: Root | null, hast: Root): ChildNode[] {
  const before = shown?.children ?? [];
  const offset = shown ? end - before.length : container.childNodes.length;
  patchChildren(container, offset, before, hast.children);
  return Array.from(container.childNodes).slice(offset, offset + hast.children.length);
}
