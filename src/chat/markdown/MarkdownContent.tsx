import { memo } from "react";
import { renderMarkdown } from "./renderMarkdown";

export interface MarkdownContentProps {
  text: string;
}

/**
 * A finished message's markdown (spec §9): rendered once per text and reused,
 * also after the virtualized list unmounted and remounted it. Styled by
 * MarkdownStyles' `.chat-markdown`.
 */
export const MarkdownContent = memo(function MarkdownContent({ text }: MarkdownContentProps) {
  return <div className="chat-markdown">{renderMarkdown(text, true)}</div>;
});
