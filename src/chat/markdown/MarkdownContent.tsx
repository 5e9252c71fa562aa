import { memo } from "react";
import { useMarkdownRenderers } from "./markdownLoader";
import { PlainMarkdownText } from "./PlainMarkdownText";

export interface MarkdownContentProps {
  text: string;
}

/**
 * A finished message's markdown (spec §9): rendered once per text and reused,
 * also after the virtualized list unmounted and remounted it. Styled by
 * MarkdownStyles' `.chat-markdown`. Plain text until the renderer has loaded.
 */
export const MarkdownContent = memo(function MarkdownContent({ text }: MarkdownContentProps) {
  const renderers = useMarkdownRenderers();
  return renderers ? <renderers.RenderedMarkdown text={text} /> : <PlainMarkdownText text={text} />;
});
