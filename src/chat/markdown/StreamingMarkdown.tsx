import { useMarkdownRenderers } from "./markdownLoader";
import { PlainMarkdownText } from "./PlainMarkdownText";

/**
 * A growing answer (see markdownRenderers' RenderedStreamingMarkdown); plain
 * text until the renderer has loaded.
 */
export function StreamingMarkdown({ text }: { text: string }) {
  const renderers = useMarkdownRenderers();
  return renderers ? <renderers.RenderedStreamingMarkdown text={text} /> : <PlainMarkdownText text={text} />;
}
