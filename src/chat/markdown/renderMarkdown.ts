import Markdown, { type Components } from "react-markdown";
import type { ReactElement } from "react";
import { CodeBlock } from "./CodeBlock";
import { MarkdownLink } from "./MarkdownLink";
import { MarkdownTable } from "./MarkdownTable";
import { rehypePlugins, remarkPlugins } from "./markdownPlugins";

const components: Components = { a: MarkdownLink, pre: CodeBlock, table: MarkdownTable };

/** Finished messages are parsed once: the virtualized list unmounts and remounts them as they scroll. */
const CACHE_LIMIT = 400;
const cache = new Map<string, ReactElement>();

/**
 * Markdown text → React elements. `Markdown` is react-markdown's synchronous,
 * hook-free component, so calling it directly gives the same tree it would
 * render, and the tree can be cached per text.
 */
export function renderMarkdown(text: string, useCache: boolean): ReactElement {
  const cached = useCache ? cache.get(text) : undefined;
  if (cached) {
    // Refresh its place in the LRU order.
    cache.delete(text);
    cache.set(text, cached);
    return cached;
  }
  const element = Markdown({ children: text, remarkPlugins, rehypePlugins, components });
  if (useCache) {
    cache.set(text, element);
    if (cache.size > CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  }
  return element;
}
