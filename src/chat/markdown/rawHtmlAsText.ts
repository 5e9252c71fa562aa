/**
 * HTML in a message's markdown (spec §9: sanitized). Markdown reads any "<word>" as
 * HTML, and the sanitized pipeline dropped it: "Vec<String>" showed as "Vec", "List<T>" as
 * "List", a table cell's "one<br>two" as "onetwo". Now nothing is lost and nothing becomes
 * markup that the sanitizer would not allow either:
 * - "<br>" is a line break (models write it in table cells, where markdown has no other);
 * - a few inline tags that GitHub's schema allows, open and closed in the same paragraph,
 *   mark their text ("H<sub>2</sub>O", "<kbd>Ctrl</kbd>"): the text between is markdown's, the
 *   tags' attributes are never read;
 * - a comment is not shown (it was meant not to be);
 * - anything else is shown as the text it is.
 */
import type { Element, ElementContent, Text } from "hast";
import type { Html, Nodes, Parents, PhrasingContent } from "mdast";
import type { State } from "mdast-util-to-hast";

/** The tags that mark text when they open and close in one paragraph, as GitHub's schema allows them. */
export const PAIRED_TAGS = new Set(["b", "i", "em", "strong", "s", "del", "ins", "sub", "sup", "kbd"]);
const OPENING_TAG = /^<([a-z]+)>$/i;
const LINE_BREAK = /^<br\s*\/?>$/i;
const LINE_BREAK_ELEMENT = (): Element => ({ type: "element", tagName: "br", properties: {}, children: [] });
/** Parents whose html is a block of its own (not inside a paragraph's text). */
const BLOCK_PARENTS = new Set(["root", "blockquote", "listItem", "footnoteDefinition"]);

/** The paired tag an html node opens ("sub" for "<sub>"), if it is one. */
function pairedTagOpened(node: Nodes): string | null {
  if (node.type !== "html") return null;
  const tag = OPENING_TAG.exec(node.value)?.[1]?.toLowerCase();
  return tag && PAIRED_TAGS.has(tag) ? tag : null;
}

const closes = (node: Nodes, tag: string) => node.type === "html" && node.value.toLowerCase() === `</${tag}>`;

/**
 * In the text of paragraphs, headings and table cells: each "<tag>…</tag>" of PAIRED_TAGS among
 * the same parent's children becomes one node that mdast-util-to-hast turns into that element
 * (its `hName`; the first closing tag closes it), a comment goes, and any other html but a line
 * break becomes text, one with the text around it: the tree a parse gives is the one the
 * streaming view builds by appending words to the last text (appendToOpenBlock.ts).
 */
export function inlineHtmlAsText(node: Parents): void {
  const children = node.children as Nodes[];
  const inline = !BLOCK_PARENTS.has(node.type);
  for (let i = 0; i < children.length; i++) {
    const child = children[i]!;
    const tag = inline ? pairedTagOpened(child) : null;
    const close = tag ? children.findIndex((other, j) => j > i && closes(other, tag)) : -1;
    if (tag && close > 0) {
      const end = children[close]!.position?.end;
      children[i] = {
        type: "emphasis",
        children: children.slice(i + 1, close) as PhrasingContent[],
        data: { hName: tag },
        ...(child.position && end && { position: { start: child.position.start, end } }),
      };
      children.splice(i + 1, close - i);
    } else if (inline && child.type === "html" && child.value.startsWith("<!--")) {
      children.splice(i--, 1);
      continue;
    } else if (inline && child.type === "html" && !LINE_BREAK.test(child.value.trim())) {
      children[i] = { type: "text", value: child.value, ...(child.position && { position: child.position }) };
    }
    const shown = children[i]!;
    const before = children[i - 1];
    if (shown.type === "text" && before?.type === "text") {
      const start = before.position?.start;
      const end = shown.position?.end;
      children.splice(--i, 2, {
        type: "text",
        value: before.value + shown.value,
        ...(start && end && { position: { start, end } }),
      });
    } else if ("children" in shown) inlineHtmlAsText(shown);
  }
}

/** mdast-util-to-hast's handler for the html left (by default it drops it): a line break, or a block of HTML. */
export function htmlAsText(state: State, node: Html, parent: Parents | undefined): Element | Text | undefined {
  if (node.value.startsWith("<!--")) return undefined;
  const shown: Element | Text = LINE_BREAK.test(node.value.trim())
    ? LINE_BREAK_ELEMENT()
    : { type: "text", value: node.value };
  state.patch(node, shown);
  if (!parent || !BLOCK_PARENTS.has(parent.type)) return shown;
  // A block of HTML keeps its lines, as its author laid them out.
  const lines = shown.type === "text" ? shown.value.split("\n") : null;
  const children: ElementContent[] = lines
    ? lines.flatMap((line, i) => [...(i > 0 ? [LINE_BREAK_ELEMENT()] : []), { type: "text" as const, value: line }])
    : [shown];
  const paragraph: Element = { type: "element", tagName: "p", properties: {}, children };
  state.patch(node, paragraph);
  return paragraph;
}
