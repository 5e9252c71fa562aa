/**
 * What StreamingMarkdown shows for a growing text: finished blocks keep their
 * React elements (the same objects, so React skips them), and only the open
 * (last) block is rendered again, mostly by extending its last text
 * (appendToOpenBlock) or by parsing only a table's last rows (appendTableRows)
 * or a list's last items (appendListItems), else by building a simple block's
 * tree without the parser (plainBlockTree), else by parsing it again.
 */
import type { Root } from "hast";
import type { ReactElement } from "react";
import { appendListItems } from "./appendListItems";
import { appendTableRows } from "./appendTableRows";
import { extendOpenBlock, type GrownText } from "./appendToOpenBlock";
import { markdownToHast } from "./markdownPipeline";
import { plainBlockTree } from "./plainBlockTree";
import { hastToElement, rememberMarkdown, renderMarkdown } from "./renderMarkdown";
import { splitGrowingText, type MarkdownBlock } from "./splitMarkdownBlocks";

interface OpenBlock {
  start: number;
  text: string;
  hast: Root;
  /** Built when first read: a chunk shown without React (liveRendering.ts) never needs it. */
  readonly element: ReactElement;
  /** Set when this block is the previous one with only its last text longer (appendToOpenBlock). */
  grown: GrownText | null;
}

/** A block's React element, built when first read. */
export interface RenderedBlock {
  readonly element: ReactElement;
}

export interface StreamingRendering {
  split: { text: string; blocks: MarkdownBlock[] };
  /** One element per block, the open (last) one included (built when first read). */
  readonly elements: ReactElement[];
  /**
   * The finished blocks (all but the last). A block the streaming view shows never needs its
   * element while the answer streams: it is built when first read, not in the chunk that
   * finished the block.
   */
  finished: RenderedBlock[];
  open: OpenBlock | null;
  /**
   * The block that was open in the previous rendering and is finished in this one (the chunk
   * that ended it may have added its last words), with its final tree.
   */
  closed: OpenBlock | null;
}

function builtOnce(build: () => ReactElement): RenderedBlock {
  let element: ReactElement | undefined;
  return {
    get element() {
      return (element ??= build());
    },
  };
}

function openBlock(start: number, text: string, hast: Root, grown: GrownText | null): OpenBlock {
  let element: ReactElement | undefined;
  return {
    start,
    text,
    hast,
    grown,
    get element() {
      return (element ??= hastToElement(hast));
    },
  };
}

function renderOpenBlock(previous: OpenBlock | null, block: MarkdownBlock): OpenBlock {
  if (previous?.start === block.start && previous.text === block.text) return previous;
  const grown = previous?.start === block.start ? previous : null;
  const extended = grown && extendOpenBlock(grown, block.text);
  const hast =
    extended?.hast ??
    (grown && (appendTableRows(grown, block.text) ?? appendListItems(grown, block.text))) ??
    plainBlockTree(block.text) ??
    markdownToHast(block.text);
  return openBlock(block.start, block.text, hast, extended?.grown ?? null);
}

/** The rendering of `text`, reusing what `previous` (the rendering of an earlier, shorter text) has. */
export function advanceStreamingRendering(previous: StreamingRendering | null, text: string): StreamingRendering {
  if (previous?.split.text === text) return previous;
  const split = splitGrowingText(previous?.split ?? null, text);
  const last = split.blocks.length - 1;
  let closed: OpenBlock | null = null;
  const finished = split.blocks.slice(0, Math.max(0, last)).map((block, index) => {
    // splitGrowingText keeps the objects of the blocks that were already finished.
    if (previous?.split.blocks[index] === block && index < previous.split.blocks.length - 1)
      return previous.finished[index]!;
    // The block that was open has just finished: it is rendered like one more step of the open
    // block (its last words usually extend its tree), then kept as the rendering of its whole text.
    if (previous?.open?.start === block.start) {
      const rendered = renderOpenBlock(previous.open, block);
      closed = rendered;
      return builtOnce(() => {
        rememberMarkdown(block.text, rendered.element);
        return rendered.element;
      });
    }
    return builtOnce(() => renderMarkdown(block.text, true));
  });
  const open = last >= 0 ? renderOpenBlock(previous?.open ?? null, split.blocks[last]!) : null;
  let elements: ReactElement[] | undefined;
  return {
    split,
    finished,
    open,
    closed,
    get elements() {
      return (elements ??= [...finished, ...(open ? [open] : [])].map((block) => block.element));
    },
  };
}

/**
 * The text that grew from `previous` to `next` when that is all that changed: the same blocks,
 * the open one with only its last text longer. A renderer showing `previous` can then grow that
 * text in place (see liveDomText.ts); null when anything else changed.
 */
export function onlyGrownText(previous: StreamingRendering, next: StreamingRendering): GrownText | null {
  const before = previous.split.blocks;
  const after = next.split.blocks;
  if (before.length !== after.length || !previous.open || !next.open?.grown || next.open === previous.open) return null;
  if (next.open.start !== previous.open.start || next.open.grown.before === next.open.grown.after) return null;
  // splitGrowingText keeps the objects of the finished blocks: the same objects, the same renderings.
  for (let index = 0; index < after.length - 1; index++)
    if (before[index] !== after[index] || previous.finished[index] !== next.finished[index]) return null;
  return next.open.grown;
}
