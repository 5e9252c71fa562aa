import { useSyncExternalStore } from "react";
import { ErrorBoundary } from "../../app/layout/ErrorBoundary";
import { useMarkdownRenderers } from "./markdownLoader";
import { PlainMarkdownText } from "./PlainMarkdownText";

/**
 * A growing answer (see markdownRenderers' RenderedStreamingMarkdown); plain
 * text until the renderer has loaded.
 */
export function StreamingMarkdown({ text }: { text: string }) {
  const renderers = useMarkdownRenderers();
  if (!renderers) return <PlainMarkdownText text={text} />;
  // A text the renderer cannot take goes on as text, not as a failed page.
  return (
    <ErrorBoundary fallback={<PlainMarkdownText text={text} />}>
      <renderers.RenderedStreamingMarkdown text={text} />
    </ErrorBoundary>
  );
}

/** A text that grows while it streams, read where it is kept (a store), not passed down per chunk. */
export interface LiveTextSource {
  getText(): string;
  subscribe(listener: () => void): () => void;
  /**
   * Whether the stream has ended (finished, stopped or failed): its text is then shown whole, also
   * what was waiting for characters that will not come (shownWhileStreaming.ts).
   */
  ended?(): boolean;
}

function PlainLiveText({ source }: { source: LiveTextSource }) {
  const text = useSyncExternalStore(source.subscribe, source.getText, source.getText);
  return <PlainMarkdownText text={text} />;
}

/**
 * The streaming answer of a conversation (see markdownRenderers' RenderedLiveMarkdown): most
 * chunks grow its last text in place, without a React render; plain text until the renderer has
 * loaded. `source` must be the same object from render to render.
 */
export function LiveStreamingMarkdown({ source }: { source: LiveTextSource }) {
  const renderers = useMarkdownRenderers();
  if (!renderers) return <PlainLiveText source={source} />;
  return (
    <ErrorBoundary fallback={<PlainLiveText source={source} />}>
      <renderers.RenderedLiveMarkdown source={source} />
    </ErrorBoundary>
  );
}
