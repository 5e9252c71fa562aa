/**
 * Loads KaTeX the first time a formula is shown and remembers each formula's
 * HTML: a streaming answer renders the same formulas again on every frame.
 */
import { logger } from "../../app/logger";
import { createStore } from "../../app/store/createStore";

type RenderTex = (tex: string, displayMode: boolean) => string;

/** `renderTex` once KaTeX is loaded; `failed` when its chunk could not be fetched (formulas stay as source). */
export const katexStore = createStore<{ renderTex: RenderTex | null; failed: boolean }>({
  renderTex: null,
  failed: false,
});

let loading: Promise<void> | null = null;

/** Starts loading KaTeX (once); resolves when it is ready or has failed. */
export function loadKatex(): Promise<void> {
  loading ??= import("./katexModule").then(
    (module) => katexStore.setState({ renderTex: module.renderTex }),
    (error: unknown) => {
      logger.warn("KaTeX could not be loaded; formulas are shown as TeX.", error);
      katexStore.setState({ failed: true });
    },
  );
  return loading;
}

const CACHE_LIMIT = 500;
const cache = new Map<string, string>();

/** A formula's HTML, rendered once per (mode, TeX); null when KaTeX fails on it (not only parse errors throw). */
export function formulaHtml(renderTex: RenderTex, tex: string, displayMode: boolean): string | null {
  const key = `${displayMode ? "D" : "I"}${tex}`;
  let html = cache.get(key);
  if (html === undefined) {
    try {
      html = renderTex(tex, displayMode);
    } catch (error) {
      logger.warn("KaTeX could not render a formula.", error);
      return null;
    }
    cache.set(key, html);
    if (cache.size > CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  }
  return html;
}
