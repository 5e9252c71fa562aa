import { memo } from "react";
import { ErrorBoundary } from "../../app/layout/ErrorBoundary";
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
  if (!renderers) return <PlainMarkdownText text={text} />;
  // A text the renderer cannot take shows as text, not as a failed page (keyed: a new text is tried again).
  return (
    <ErrorBoundary key={text} fallback={<PlainMarkdownText text={text} />}>
      <renderers.RenderedMarkdown text={text} />
    </ErrorBoundary>
  );
});
