/**
 * Helpers of the fast paths that parse only the tail of a streaming answer's
 * open block (a table's last rows, a list's last items) and splice the result
 * into the previous tree.
 */
import type { Element, ElementContent, RootContent, Text } from "hast";

type Position = NonNullable<Text["position"]>;

export const isElement = (node: RootContent | ElementContent, tagName: string): node is Element =>
  node.type === "element" && node.tagName === tagName;

export const childElements = (node: { children: (RootContent | ElementContent)[] }): Element[] =>
  node.children.filter((child): child is Element => child.type === "element");

/** The only element among `children` (the rest being "\n" padding), if its tag is one of `tagNames`. */
export function onlyElement(children: (RootContent | ElementContent)[], ...tagNames: string[]): Element | null {
  let found: Element | null = null;
  for (const child of children) {
    if (child.type === "text" && child.value === "\n") continue;
    if (found || child.type !== "element" || !tagNames.includes(child.tagName)) return null;
    found = child;
  }
  return found;
}

/** A copy of `node` (parsed from a tail of the block) with its positions moved to where that tail is in the block. */
export function shifted<T extends ElementContent>(node: T, lines: number, offset: number): T {
  const move = (position: Position | undefined): Position | undefined =>
    position && {
      start: { ...position.start, line: position.start.line + lines, offset: (position.start.offset ?? 0) + offset },
      end: { ...position.end, line: position.end.line + lines, offset: (position.end.offset ?? 0) + offset },
    };
  const copy = { ...node, position: move(node.position) };
  if (copy.type === "element") copy.children = copy.children.map((child) => shifted(child, lines, offset));
  return copy;
}

/** Elements separated and surrounded by "\n", as toHast pads table rows and list items. */
export function padded(elements: Element[]): ElementContent[] {
  const children: ElementContent[] = [{ type: "text", value: "\n" }];
  for (const element of elements) children.push(element, { type: "text", value: "\n" });
  return children;
}

/** The position from `first`'s start to `last`'s end, when both have one. */
export function spanning(first: Position | undefined, last: Position | undefined): Position | undefined {
  return first && last ? { start: first.start, end: last.end } : undefined;
}

/** How many line breaks `text` has before `offset`. */
export function lineBreaksBefore(text: string, offset: number): number {
  let count = 0;
  for (let at = text.indexOf("\n"); at >= 0 && at < offset; at = text.indexOf("\n", at + 1)) count++;
  return count;
}
