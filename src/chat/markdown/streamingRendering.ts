/**
 * What StreamingMarkdown shows for a growing text: finished blocks keep their
 * React elements (the same objects, so React skips them), and only the open
 * (last) block is rendered again, mostly by extending its last text
 * (appendToOpenBlock) or by parsing only a table's last rows (appendTableRows)
 * or a list's last items (appendListItems), else by parsing it again.
 */
import type { Root } from "hast";
import type { ReactElement } from "react";
import { appendListItems } from "./appendListItems";
import { appendTableRows } from "./appendTableRows";
import { appendToOpenBlock } from "./appendToOpenBlock";
import { markdownToHast } from "./markdownPipeline";
import { hastToElement, rememberMarkdown, renderMarkdown } from "./renderMarkdown";
import { splitGrowingText, type MarkdownBlock } from "./splitMarkdownBlocks";

interface OpenBlock {
  start: number;
  text: string;
  hast: Root;
  element: ReactElement;
}

export interface StreamingRendering {
  split: { text: string; blocks: MarkdownBlock[] };
  /** One element per block, the open (last) one included. */
  elements: ReactElement[];
  open: OpenBlock | null;
}

function renderOpenBlock(previous: OpenBlock | null, block: MarkdownBlock): OpenBlock {
  if (previous?.start === block.start && previous.text === block.text) return previous;
  const grown = previous?.start === block.start ? previous : null;
  const hast =
    (grown &&
      (appendToOpenBlock(grown, block.text) ??
        appendTableRows(grown, block.text) ??
        appendListItems(grown, block.text))) ??
    markdownToHast(block.text);
  return { start: block.start, text: block.text, hast, element: hastToElement(hast) };
}

/** The rendering of `text`, reusing what `previous` (the rendering of an earlier, shorter text) has. */
export function advanceStreamingRendering(previous: StreamingRendering | null, text: string): StreamingRendering {
  if (previous?.split.text === text) return previous;
  const split = splitGrowingText(previous?.split ?? null, text);
  const last = split.blocks.length - 1;
  const elements = split.blocks.map((block, index) => {
    if (index === last) return null;
    // splitGrowingText keeps the objects of the blocks that were already finished.
    if (previous?.split.blocks[index] === block && index < previous.split.blocks.length - 1)
      return previous.elements[index]!;
    // The block that was open has just finished: its rendering is the one of its whole text.
    const open = previous?.open;
    if (open?.start === block.start && open.text === block.text) {
      rememberMarkdown(block.text, open.element);
      return open.element;
    }
    return renderMarkdown(block.text, true);
  });
  const open = last >= 0 ? renderOpenBlock(previous?.open ?? null, split.blocks[last]!) : null;
  if (open) elements[last] = open.element;
  return { split, elements: elements as ReactElement[], open };
}
