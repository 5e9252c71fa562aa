import { memo, useEffect } from "react";
import { useStore } from "../../app/store/useStore";
import { formulaHtml, katexStore, loadKatex } from "./katexLoader";

export interface MathFormulaProps {
  tex: string;
  mode: "inline" | "display";
}

/**
 * A formula (`$…$` inline, `$$…$$` or ```math as a block), typeset by KaTeX,
 * which is loaded on the first formula shown; until then (or if it cannot load)
 * the TeX source stands in. Memoized: a streaming answer re-renders its open
 * block per frame, and an unchanged formula keeps its DOM.
 */
export const MathFormula = memo(function MathFormula({ tex, mode }: MathFormulaProps) {
  const renderTex = useStore(katexStore, (state) => state.renderTex);
  useEffect(() => {
    if (!renderTex) void loadKatex();
  }, [renderTex]);
  const display = mode === "display";
  const rendered = renderTex ? formulaHtml(renderTex, tex, display) : null;
  if (rendered === null)
    return display ? (
      <pre className="math-source">
        <code>{tex}</code>
      </pre>
    ) : (
      <code className="math-source">{tex}</code>
    );
  // KaTeX's own markup (trust off) for text that went through the sanitizer first (markdownPipeline.ts).
  const html = { __html: rendered };
  return display ? (
    <div className="math-display" dangerouslySetInnerHTML={html} />
  ) : (
    <span className="math-inline" dangerouslySetInnerHTML={html} />
  );
});
