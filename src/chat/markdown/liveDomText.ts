/**
 * The cheapest chunk of a streaming answer: words that only lengthen the last
 * text of the open block (appendToOpenBlock's GrownText). Instead of rendering
 * the block again through React, the text node that shows that text grows in
 * place (Text.appendData / insertData): plain characters only, never markup, so
 * nothing bypasses the sanitizer that the rest of the block went through.
 *
 * RenderedLiveMarkdown keeps React's view consistent: before React renders the
 * block again, the grown node gets back the value React gave it (which React
 * compares its new rendering with), then React writes the whole new value.
 */
import type { GrownText } from "./appendToOpenBlock";

const isPadding = (node: Node): boolean => node.nodeType === 3 && (node as Text).data === "\n";

/**
 * The right-most leaf under `container`, skipping the "\n" text that separates
 * (and surrounds) blocks and list items; null unless that leaf is a text node.
 */
export function lastTextNode(container: Node): Text | null {
  let node: Node = container;
  for (;;) {
    let child = node.lastChild;
    while (child && isPadding(child)) child = child.previousSibling;
    if (!child) return null;
    if (child.nodeType === 3) return child as Text;
    if (child.nodeType !== 1) return null;
    node = child;
  }
}

/**
 * Grows the text that `grown` describes where `container` shows it: `known` (the node grown last
 * time) or the container's last text, if it holds exactly the text before and sits in the
 * expected element. Returns the node, or null when it could not be found (nothing changed then).
 */
export function growDomText(container: Element, grown: GrownText, known: Text | null): Text | null {
  const { before, after, parent } = grown;
  const node = known && known.data === before && container.contains(known) ? known : lastTextNode(container);
  if (!node || node.data !== before || node.parentElement?.localName !== parent) return null;
  if (after.startsWith(before)) {
    node.appendData(after.slice(before.length));
    return node;
  }
  // A code block's text ends with its line ending: the words go before it.
  const end = before.length - 1;
  if (!before.endsWith("\n") || !after.endsWith("\n") || !after.startsWith(before.slice(0, end))) return null;
  node.insertData(end, after.slice(end, -1));
  return node;
}
