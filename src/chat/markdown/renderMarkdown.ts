import type { Root } from "hast";
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

/** Keeps `element` as the rendering of `text` (text that no longer changes). */
export function rememberMarkdown(text: string, element: ReactElement): void {
  cache.delete(text); // Refreshes its place in the LRU order.
  cache.set(text, element);
  if (cache.size > CACHE_LIMIT) cache.delete(cache.keys().next().value!);
}

/** Sanitized hast (markdownPipeline) → React elements. */
export function hastToElement(hast: Root): ReactElement {
  return toJsxRuntime(hast, {
    Fragment,
    jsx,
    jsxs,
    components,
    passKeys: true,
    passNode: true,
    ignoreInvalidStyle: true,
  });
}

/** Markdown text → React elements (cached per text when `useCache`, i.e. for text that no longer changes). */
export function renderMarkdown(text: string, useCache: boolean): ReactElement {
  const cached = useCache ? cache.get(text) : undefined;
  const element = cached ?? hastToElement(markdownToHast(text));
  if (useCache) rememberMarkdown(text, element);
  return element;
}
