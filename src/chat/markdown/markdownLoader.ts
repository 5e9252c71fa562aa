/**
 * Loads the markdown renderings (markdownRenderers) on demand. The chat page
 * starts the load as soon as it knows an answer will be shown (a conversation is
 * fetched, a question is asked), so the module usually arrives before the text;
 * until it does, MarkdownContent and StreamingMarkdown show the plain text.
 */
import { useEffect } from "react";
import { logger } from "../../app/logger";
import { createStore } from "../../app/store/createStore";
import { useStore } from "../../app/store/useStore";
import type * as MarkdownRendererModule from "./markdownRenderers";

type MarkdownRenderers = typeof MarkdownRendererModule;

export const markdownStore = createStore<{ renderers: MarkdownRenderers | null }>({ renderers: null });

let loading: Promise<void> | null = null;

/** Starts loading the markdown renderings (once); resolves when they are ready or the load failed. */
export function preloadMarkdown(): Promise<void> {
  loading ??= import("./markdownRenderers").then(
    (renderers) => markdownStore.setState({ renderers }),
    (error: unknown) => {
      // The text stays plain; the next message shown tries again.
      logger.warn("The markdown renderer could not be loaded; text is shown unformatted.", error);
      loading = null;
    },
  );
  return loading;
}

/** The markdown renderings once loaded (null until then); starts the load if nothing has. */
export function useMarkdownRenderers(): MarkdownRenderers | null {
  const renderers = useStore(markdownStore, (state) => state.renderers);
  useEffect(() => {
    if (!renderers) void preloadMarkdown();
  }, [renderers]);
  return renderers;
}
