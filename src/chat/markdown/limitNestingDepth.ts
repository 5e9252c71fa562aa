/**
 * Markdown nests without limit (`>>>>…`, `- - - …`): 3,000 levels, a few kilobytes of an answer
 * or of an agent's introduction, overflowed the stack of every recursive step after the parse
 * (mdast to hast, the sanitizer, React's rendering), and the page failed. Nobody writes more than
 * a few levels; below MAX_NESTING_DEPTH a node's content is kept as plain text. Counted in tree
 * levels (a list's level takes two, its item's paragraph one more): ten nested lists or nineteen
 * quotes, which still leave a phone's column room for the text (64 pushed it off the screen).
 */
import type { Nodes, Parent, Root, RootContent } from "mdast";

export const MAX_NESTING_DEPTH = 20;

/** The text of a subtree, its blocks on lines of their own; iterative, as the subtree may be deep. */
function plainTextOf(node: Nodes): string {
  const parts: string[] = [];
  const stack: Nodes[] = [node];
  while (stack.length > 0) {
    const next = stack.pop()!;
    if ("value" in next && typeof next.value === "string") parts.push(next.value);
    else if (next.type === "break" || next.type === "paragraph" || next.type === "heading") parts.push("\n");
    if ("children" in next) for (let i = next.children.length - 1; i >= 0; i--) stack.push(next.children[i]!);
  }
  return parts
    .join("")
    .replace(/\n{2,}/g, "\n")
    .trim();
}

/** The node at the limit, as text that its parent may hold (a list holds items). */
function asText(node: RootContent, parent: Parent): RootContent {
  const paragraph: RootContent = { type: "paragraph", children: [{ type: "text", value: plainTextOf(node) }] };
  if (node.type === "text" || node.type === "inlineCode") return node;
  if (parent.type === "list") return { type: "listItem", spread: false, children: [paragraph] };
  // Phrasing content (inside a paragraph, a heading, a link) stays phrasing.
  if ("children" in parent && parent.type !== "root" && parent.type !== "blockquote" && parent.type !== "listItem")
    return { type: "text", value: plainTextOf(node) };
  return paragraph;
}

/** Replaces, in place, every node deeper than MAX_NESTING_DEPTH by its text. */
export function limitNestingDepth(root: Root): void {
  const stack: [Parent, number][] = [[root, 0]];
  while (stack.length > 0) {
    const [parent, depth] = stack.pop()!;
    for (let i = 0; i < parent.children.length; i++) {
      const child = parent.children[i]!;
      if (!("children" in child)) continue;
      if (depth + 1 >= MAX_NESTING_DEPTH) parent.children[i] = asText(child, parent) as never;
      else stack.push([child, depth + 1]);
    }
  }
}
