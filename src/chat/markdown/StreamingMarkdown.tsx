import { memo, useRef } from "react";
import { renderMarkdown } from "./renderMarkdown";
import { splitGrowingText, type MarkdownBlock } from "./splitMarkdownBlocks";

const Block = memo(function Block({ text, done }: { text: string; done: boolean }) {
  return renderMarkdown(text, done);
});

/**
 * A growing answer: its finished blocks keep their rendering and only the last
 * block is split and parsed again when text arrives (main-thread time per
 * chunk stays flat as the answer grows).
 */
export function StreamingMarkdown({ text }: { text: string }) {
  const split = useRef<{ text: string; blocks: MarkdownBlock[] } | null>(null);
  // A ref, not state: the split is derived from the text and only saves work (a redo gives the same blocks).
  // eslint-disable-next-line react-hooks/refs -- see above
  const { blocks } = (split.current = splitGrowingText(split.current, text));
  return (
    <div className="chat-markdown">
      {blocks.map((block, index) => (
        <Block key={block.start} text={block.text} done={index < blocks.length - 1} />
      ))}
    </div>
  );
}
