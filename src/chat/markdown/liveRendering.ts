/**
 * The state behind RenderedLiveMarkdown: the rendering of a streaming answer read
 * from its text source, and which chunks grow the shown text in place
 * (liveDomText.ts) rather than through a React render.
 */
import { growDomText } from "./liveDomText";
import type { LiveTextSource } from "./StreamingMarkdown";
import { advanceStreamingRendering, onlyGrownText, type StreamingRendering } from "./streamingRendering";

export class LiveMarkdownView {
  /** The rendering of the source's text as last seen. */
  private rendering: StreamingRendering | null = null;
  /** Bumped when React has to render `rendering` (the snapshot React watches). */
  private renderings = 0;
  /** The DOM shows `rendering`: React committed it, and since then only grown texts changed. */
  private shown = false;
  /** The text node grown outside React since React's last commit, and the value React gave it. */
  private grown: { node: Text; rendered: string } | null = null;
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
    const text = this.source.getText();
    if (this.rendering?.split.text !== text) {
      this.restoreRenderedText();
      this.rendering = advanceStreamingRendering(this.rendering, text);
    }
    return this.rendering!;
  }

  /** React committed `rendering` (a layout effect). */
  committed(rendering: StreamingRendering): void {
    if (this.rendering !== rendering) return;
    this.shown = true;
    this.grown = null;
  }

  /** Takes in the source's text; true when React has to render it. */
  private update(): boolean {
    const previous = this.rendering;
    const text = this.source.getText();
    if (previous?.split.text === text) return false;
    const next = advanceStreamingRendering(previous, text);
    this.rendering = next;
    const container = this.container.current;
    const grown = this.shown && previous && container ? onlyGrownText(previous, next) : null;
    const node = grown && growDomText(container!, grown, this.grown?.node ?? null);
    if (node) {
      this.grown ??= { node, rendered: grown.before };
      return false;
    }
    // React compares its new rendering with the one it committed: the DOM goes back to that first.
    this.restoreRenderedText();
    this.shown = false;
    this.renderings++;
    return true;
  }

  private restoreRenderedText(): void {
    if (this.grown) this.grown.node.data = this.grown.rendered;
    this.grown = null;
  }
}
