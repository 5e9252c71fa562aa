/**
 * KaTeX and its style sheet, in a chunk of their own: only an answer with maths
 * loads them (katexLoader.ts), so the chat page's first paint never waits for them.
 */
import "katex/dist/katex.min.css";
import katex from "katex";

/**
 * TeX → HTML. KaTeX's defaults keep \href and friends off (trust: false); a bad
 * formula shows as red text (throwOnError: false), not as an error. Sizes an answer
 * gives (\rule, \kern, \hspace) are capped at MAX_SIZE_EM: without a cap, one
 * formula could draw a block thousands of pixels high.
 */
export function renderTex(tex: string, displayMode: boolean): string {
  return katex.renderToString(tex, {
    displayMode,
    throwOnError: false,
    strict: "ignore",
    output: "htmlAndMathml",
    maxSize: MAX_SIZE_EM,
  });
}

/** The largest size a formula may ask for, in em: a tall brace or a wide gap, not a page. */
export const MAX_SIZE_EM = 20;
