import { memo } from "react";
import { renderMarkdown } from "./renderMarkdown";
import { splitMarkdownBlocks } from "./splitMarkdownBlocks";

const Block = memo(function Block({ text, done }: { text: string; done: boolean }) {
  return renderMarkdown(text, done);
});

/**
 * A growing answer: its finished blocks keep their rendering and only the last
 * block is parsed again when text arrives (main-thread time per chunk stays
 * flat as the answer grows).
 */
export function StreamingMarkdown({ text }: { text: string }) {
  const blocks = splitMarkdownBlocks(text);
  return (
    <div className="chat-markdown">
      {blocks.map((block, index) => (
        <Block key={index} text={block} done={index < blocks.length - 1} />
      ))}
    </div>
  );
}
