/**
 * The markdown renderings proper, loaded on demand (markdownLoader): they pull in
 * the markdown pipeline (micromark, mdast, hast, sanitize, to-jsx-runtime), which
 * the chat page does not need before its first paint.
 */
import { memo, useLayoutEffect, useMemo, useRef, useSyncExternalStore, type ReactElement } from "react";
import { LiveMarkdownView, reactBlockElement } from "./liveRendering";
import { shownWhileStreaming } from "./shownWhileStreaming";
import { renderMarkdown } from "./renderMarkdown";
import type { LiveTextSource } from "./StreamingMarkdown";

export { RichMarkdownStyles } from "./RichMarkdownStyles";
import { advanceStreamingRendering, type StreamingRendering } from "./streamingRendering";

/** A finished message's markdown, rendered once per text and reused (renderMarkdown's cache). */
export const RenderedMarkdown = memo(function RenderedMarkdown({ text }: { text: string }) {
  return <div className="chat-markdown">{renderMarkdown(text, true)}</div>;
});

/** The same element while a block is unchanged: React then skips it without comparing its tree. */
const Block = memo(function Block({ element }: { element: ReactElement }) {
  return element;
});

/**
 * A growing answer: its finished blocks keep their rendering and only the last
 * block is rendered again when text arrives (main-thread time per chunk stays
 * flat as the answer grows; see streamingRendering.ts).
 */
export function RenderedStreamingMarkdown({ text }: { text: string }) {
  const rendering = useRef<StreamingRendering | null>(null);
  const shown = shownWhileStreaming(text);
  // A ref, not state: the rendering is derived from the text and only saves work (a redo gives the same blocks).
  // eslint-disable-next-line react-hooks/refs -- see above
  const { split, elements } = (rendering.current = advanceStreamingRendering(rendering.current, shown));
  return (
    <div className="chat-markdown">
      {split.blocks.map((block, index) => (
        <Block key={block.start} element={elements[index]!} />
      ))}
    </div>
  );
}

/**
 * A growing answer read from a text source (the live answer's store) rather than a prop: most
 * chunks change only the open block, which the view shows without React (liveRendering.ts);
 * React renders the finished blocks, as RenderedStreamingMarkdown does, when they change.
 * Memoized: its parent's renders never reach it.
 */
export const RenderedLiveMarkdown = memo(function RenderedLiveMarkdown({ source }: { source: LiveTextSource }) {
  const container = useRef<HTMLDivElement>(null);
  const view = useMemo(() => new LiveMarkdownView(source, container), [source]);
  useSyncExternalStore(view.subscribe, view.version, view.version);
  const rendering = view.render();
  useLayoutEffect(() => view.committed(rendering));
  return (
    <div key={view.generation} ref={container} className="chat-markdown">
      {view.reactBlocks(rendering).map((block) => (
        <Block key={block.key} element={reactBlockElement(block)} />
      ))}
    </div>
  );
});
