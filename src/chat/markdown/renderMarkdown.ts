import type { ReactElement } from "react";
import { toJsxRuntime, type Components } from "hast-util-to-jsx-runtime";
import { Fragment, jsx, jsxs } from "react/jsx-runtime";
import { CodeBlock } from "./CodeBlock";
import { MarkdownLink } from "./MarkdownLink";
import { MarkdownTable } from "./MarkdownTable";
import { MathFormula, type MathFormulaProps } from "./MathFormula";
import { FORMULA_TAG, markdownToHast } from "./markdownPipeline";

/** Drops the hast node the other components get (a new object per parse), so that MathFormula's memo holds. */
const Formula = ({ tex, mode }: MathFormulaProps) => jsx(MathFormula, { tex, mode });

const components = {
  a: MarkdownLink,
  pre: CodeBlock,
  table: MarkdownTable,
  [FORMULA_TAG]: Formula,
} as unknown as Partial<Components>;

/** Finished messages are parsed once: the virtualized list unmounts and remounts them as they scroll. */
const CACHE_LIMIT = 400;
const cache = new Map<string, ReactElement>();

/**
 * The last uncached rendering: a streaming answer's open block is rendered
 * uncached each frame, and when the next block starts it is asked for again,
 * now finished, with the same text.
 */
let lastUncached: { text: string; element: ReactElement } | null = null;

function remember(text: string, element: ReactElement): void {
  cache.delete(text); // Refreshes its place in the LRU order.
  cache.set(text, element);
  if (cache.size > CACHE_LIMIT) cache.delete(cache.keys().next().value!);
}

/** Markdown text → React elements (cached per text when `useCache`, i.e. for text that no longer changes). */
export function renderMarkdown(text: string, useCache: boolean): ReactElement {
  if (useCache) {
    const cached = cache.get(text) ?? (lastUncached?.text === text ? lastUncached.element : undefined);
    if (cached) {
      remember(text, cached);
      return cached;
    }
  }
  const element = toJsxRuntime(markdownToHast(text), {
    Fragment,
    jsx,
    jsxs,
    components,
    passKeys: true,
    passNode: true,
    ignoreInvalidStyle: true,
  });
  if (useCache) remember(text, element);
  else lastUncached = { text, element };
  return element;
}
