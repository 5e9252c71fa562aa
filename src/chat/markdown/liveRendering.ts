/**
 * The state behind RenderedLiveMarkdown: the rendering of a streaming answer read
 * from its text source, and who shows each of its blocks.
 * - A block of plain prose, lists, tables, quotes, headings or code (with
 *   formulas, once KaTeX is loaded) is shown by this view itself (hastDom.ts),
 *   from its first words to the end of the stream: a chunk patches the open
 *   block's nodes (a new row, item, word, line or formula) and React does nothing
 *   at all, also when a block finishes and the next one starts.
 * - React shows the others (a formula before KaTeX has loaded, a block first seen
 *   finished): a chunk of plain words grows their last text in place
 *   (liveDomText.ts), anything else renders them through React.
 * Who shows a block is decided when it first appears; a block of the view's
 * that stops qualifying (a formula arrives before KaTeX) passes to React, never back. Both
 * only ever add nodes at the end of the container, so its nodes stay in the
 * order of the blocks. Once the answer is stored, its row shows it through
 * React (MarkdownContent) like any other message.
 */
import type { Root } from "hast";
import type { ReactElement } from "react";
import { isDomRenderable, patchDomBlock } from "./hastDom";
import { loadKatex } from "./katexLoader";
import { growDomText } from "./liveDomText";
import { markdownToHast } from "./markdownPipeline";
import { shownWhileStreaming } from "./shownWhileStreaming";
import type { LiveTextSource } from "./StreamingMarkdown";
import {
  advanceStreamingRendering,
  onlyGrownText,
  type RenderedBlock,
  type StreamingRendering,
} from "./streamingRendering";

/** A block React renders: its key (where it starts) and its element, built when first read. */
export interface ReactBlock {
  key: number;
  /** The finished block, or the open block (a new object whenever it changed). */
  content: RenderedBlock;
}

const POSSIBLE_FORMULA_START = /\$|\\[([]|```math/;

export const reactBlockElement = ({ content }: ReactBlock): ReactElement => content.element;

function sameReactBlocks(before: readonly ReactBlock[], after: readonly ReactBlock[]): boolean {
  return (
    before.length === after.length &&
    after.every((block, index) => block.key === before[index]!.key && block.content === before[index]!.content)
  );
}

/** A block the view shows: the text and tree shown, and the nodes that show them. */
interface ViewBlock {
  text: string;
  hast: Root;
  nodes: ChildNode[];
}

export class LiveMarkdownView {
  /** The rendering of the source's text as last seen. */
  private rendering: StreamingRendering | null = null;
  /** Bumped when React has to render `rendering` (the snapshot React watches). */
  private renderings = 0;
  /**
   * Bumped when the text starts afresh (another answer): the component then mounts a new
   * container, and the view's nodes leave with the old one.
   */
  generation = 0;
  /** The DOM shows `rendering`: React committed it, and since then only the view's patches changed it. */
  private shown = false;
  /** The text node grown outside React since React's last commit, and the value React gave it. */
  private grown: { node: Text; rendered: string } | null = null;
  /** Who shows each block, by where it starts. */
  private owners = new Map<number, "view" | "react">();
  /** The blocks the view shows, by where they start, in the order of the blocks. */
  private viewBlocks = new Map<number, ViewBlock>();
  /** What React shows since its last commit. */
  private reactShown: ReactBlock[] = [];
  /** The trees the view's blocks are to show in a rendering (see plan), kept for the rendering last planned. */
  private planned: { rendering: StreamingRendering; trees: Map<number, { text: string; hast: Root }> } | null = null;

  /** `container`: the element that shows the rendering. */
  constructor(
    private readonly source: LiveTextSource,
    private readonly container: { readonly current: HTMLElement | null },
  ) {}

  /** For useSyncExternalStore: React is told only about changes it has to render. */
  readonly subscribe = (renderAgain: () => void): (() => void) => {
    const update = () => {
      if (this.update()) renderAgain();
    };
    const unsubscribe = this.source.subscribe(update);
    update(); // Text that arrived between the render and this subscription.
    return unsubscribe;
  };

  readonly version = (): number => this.renderings;

  /** The rendering for React to show (the source's current text). */
  render(): StreamingRendering {
    const text = this.shownText();
    if (this.rendering?.split.text !== text) {
      if (this.rendering && !text.startsWith(this.rendering.split.text)) this.startAfresh();
      this.restoreRenderedText();
      this.rendering = advanceStreamingRendering(this.rendering, text);
    }
    this.plan(this.rendering!);
    return this.rendering!;
  }

  /** The blocks of `rendering` that React shows (render first decided who shows which). */
  reactBlocks(rendering: StreamingRendering): ReactBlock[] {
    const blocks: ReactBlock[] = [];
    const last = rendering.split.blocks.length - 1;
    rendering.split.blocks.forEach((block, index) => {
      if (this.owners.get(block.start) !== "react") return;
      blocks.push({ key: block.start, content: index === last ? rendering.open! : rendering.finished[index]! });
    });
    return blocks;
  }

  /** React committed `rendering` (a layout effect): the view's blocks follow. */
  committed(rendering: StreamingRendering): void {
    if (this.rendering !== rendering) return;
    this.shown = true;
    this.grown = null;
    this.reactShown = this.reactBlocks(rendering);
    const container = this.container.current;
    if (!container) return;
    const trees = this.plan(rendering);
    for (const [start, block] of this.viewBlocks)
      if (!trees.has(start)) {
        for (const node of block.nodes) node.remove();
        this.viewBlocks.delete(start);
      }
    // React adds its blocks at the end: the view's blocks that come after them in the answer move back there.
    const lastReact = this.reactShown.at(-1)?.key ?? -1;
    const trailing = [...this.viewBlocks].filter(([start]) => start > lastReact).flatMap(([, block]) => block.nodes);
    if (trailing.length > 0 && container.lastChild !== trailing.at(-1))
      for (const node of trailing) container.appendChild(node);
    this.showViewBlocks(container, trees);
  }

  /** What is shown of the source's text: while it streams, without what waits for the next characters. */
  private shownText(): string {
    const text = this.source.getText();
    this.loadKatexAtFormulaStart(text);
    return this.source.ended?.() ? text : shownWhileStreaming(text);
  }

  /** How far the text was searched for a formula's start; null once KaTeX is on its way. */
  private formulaSearchedTo: number | null = 0;

  /**
   * Starts loading KaTeX at the first characters that may start a formula ("$", "\(", "\[",
   * "```math"), while the formula itself still waits for its end (shownWhileStreaming): it is
   * then typeset when it shows, instead of showing as TeX first.
   */
  private loadKatexAtFormulaStart(text: string): void {
    if (this.formulaSearchedTo === null) return;
    // From a few characters back, as a "```math" or "\(" may come in two chunks; from the start
    // for another answer's text.
    const from = this.formulaSearchedTo > text.length ? 0 : Math.max(0, this.formulaSearchedTo - 6);
    if (POSSIBLE_FORMULA_START.test(text.slice(from))) {
      this.formulaSearchedTo = null;
      void loadKatex();
    } else this.formulaSearchedTo = text.length;
  }

  /** Takes in the source's text; true when React has to render it. */
  private update(): boolean {
    const previous = this.rendering;
    const text = this.shownText();
    if (previous?.split.text === text) return false;
    if (previous && !text.startsWith(previous.split.text)) {
      this.startAfresh();
      return this.renderAgain();
    }
    const next = advanceStreamingRendering(previous, text);
    this.rendering = next;
    const trees = this.plan(next);
    const container = this.container.current;
    if (!this.shown || !container || !previous) return this.renderAgain();
    if (sameReactBlocks(this.reactShown, this.reactBlocks(next))) {
      this.showViewBlocks(container, trees);
      return false;
    }
    // React's open block grew by words at the end of its last text: that text node grows.
    const grown = this.owners.get(next.open?.start ?? -1) === "react" ? onlyGrownText(previous, next) : null;
    const node = grown && growDomText(container, grown, this.grown?.node ?? null);
    if (node) {
      this.grown ??= { node, rendered: grown.before };
      return false;
    }
    return this.renderAgain();
  }

  private renderAgain(): true {
    // React compares its new rendering with the one it committed: the DOM goes back to that first.
    this.restoreRenderedText();
    this.shown = false;
    this.renderings++;
    return true;
  }

  private startAfresh(): void {
    this.generation++;
    this.owners.clear();
    this.viewBlocks.clear();
    this.reactShown = [];
    this.planned = null;
    this.grown = null;
    this.rendering = null;
  }

  /**
   * Decides who shows the blocks of `rendering` that are new (the view, when the open block
   * qualifies; React for a block first seen finished) and passes to React the view's blocks
   * that no longer qualify. Returns the tree each of the view's blocks is to show.
   */
  private plan(rendering: StreamingRendering): Map<number, { text: string; hast: Root }> {
    if (this.planned?.rendering === rendering) return this.planned.trees;
    const trees = new Map<number, { text: string; hast: Root }>();
    const last = rendering.split.blocks.length - 1;
    rendering.split.blocks.forEach((block, index) => {
      const owner = this.owners.get(block.start);
      const open = index === last ? rendering.open : null;
      if (owner === "react" || (owner === undefined && !open)) {
        this.owners.set(block.start, "react");
        return;
      }
      const shown = this.viewBlocks.get(block.start);
      // A block that just finished may have taken in a few more characters with the chunk that ended it.
      const closed = rendering.closed?.start === block.start ? rendering.closed : null;
      const hast =
        open?.hast ?? (shown?.text === block.text ? shown.hast : (closed?.hast ?? markdownToHast(block.text)));
      if (!isDomRenderable(hast)) {
        this.owners.set(block.start, "react");
        return;
      }
      this.owners.set(block.start, "view");
      trees.set(block.start, { text: block.text, hast });
    });
    this.planned = { rendering, trees };
    return trees;
  }

  /** Patches the view's blocks to their trees, creating those that are new at the end of the container. */
  private showViewBlocks(container: HTMLElement, trees: Map<number, { text: string; hast: Root }>): void {
    for (const [start, { text, hast }] of trees) {
      const shown = this.viewBlocks.get(start);
      if (shown?.hast === hast) continue;
      const nodes = shown?.nodes ?? [];
      const end = nodes.length > 0 ? Array.prototype.indexOf.call(container.childNodes, nodes.at(-1)) + 1 : -1;
      this.viewBlocks.set(start, { text, hast, nodes: patchDomBlock(container, end, shown?.hast ?? null, hast) });
    }
  }

  private restoreRenderedText(): void {
    if (this.grown) this.grown.node.data = this.grown.rendered;
    this.grown = null;
  }
}
