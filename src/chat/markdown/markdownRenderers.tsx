/**
 * The markdown renderings proper, loaded on demand (markdownLoader): they pull in
 * the markdown pipeline (micromark, mdast, hast, sanitize, to-jsx-runtime), which
 * the chat page does not need before its first paint.
 */
import { memo, useRef, type ReactElement } from "react";
import { renderMarkdown } from "./renderMarkdown";
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
  // A ref, not state: the rendering is derived from the text and only saves work (a redo gives the same blocks).
  // eslint-disable-next-line react-hooks/refs -- see above
  const { split, elements } = (rendering.current = advanceStreamingRendering(rendering.current, text));
  return (
    <div className="chat-markdown">
      {split.blocks.map((block, index) => (
        <Block key={block.start} element={elements[index]!} />
      ))}
    </div>
  );
}
