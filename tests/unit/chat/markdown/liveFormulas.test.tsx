import { render } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { loadKatex } from "../../../../src/chat/markdown/katexLoader";
import { preloadMarkdown } from "../../../../src/chat/markdown/markdownLoader";
import { LiveStreamingMarkdown } from "../../../../src/chat/markdown/StreamingMarkdown";
import { expectSameAsFresh, renderedByReact, textSource } from "../../utils/liveMarkdown";

// Here KaTeX is loaded before the first formula streams (as once any answer with maths was shown).
beforeAll(async () => {
  await preloadMarkdown();
  await loadKatex();
});

const answer =
  "The cost grows as $O(n)$ in the last block only, and $O(n^2)$ when $n$ is large.\n\n" +
  "- a list with $x_1$ and\n- $\\frac{1}{2}$ in items\n\n$$\n\\sum_{i=1}^{n} i\n$$\n\n" +
  "| term | value |\n|---|---|\n| $a$ | $b$ |\n\nThen a bad one $\\frac{1}{$ and the end.";

describe("formulas in a live answer, KaTeX loaded", () => {
  it("shows, after every chunk, exactly what a fresh rendering of the same text shows", () => {
    const { source, set } = textSource();
    const { container } = render(<LiveStreamingMarkdown source={source} />);
    let received = "";
    for (const chunk of answer.split(/(?<= )/)) {
      received += chunk;
      set(received);
      expectSameAsFresh(container, received);
    }
    expect(container.querySelectorAll(".katex")).toHaveLength(8);
    // Cut anywhere, also inside a formula's TeX.
    let seed = 11;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const { source: cutSource, set: setCut } = textSource();
    const cut = render(<LiveStreamingMarkdown source={cutSource} />);
    for (let end = 0; end < answer.length;) {
      end = Math.min(answer.length, end + 1 + Math.floor(random() * 9));
      setCut(answer.slice(0, end));
      expectSameAsFresh(cut.container, answer.slice(0, end));
    }
    expect(container.querySelector(".katex-error")).toHaveTextContent("\\frac{1}{");
  }, 30_000);

  it("typesets a paragraph's formula itself, without React, and keeps it while words follow", () => {
    const { source, set } = textSource();
    const { container } = render(<LiveStreamingMarkdown source={source} />);
    set("The cost grows as");
    set("The cost grows as $O(n)$");
    // Its closing dollar waits for the next character (a digit would make it a price's).
    expect(container.querySelector("p .math-inline")).toBeNull();
    set("The cost grows as $O(n)$,");
    const paragraph = container.querySelector("p")!;
    const formula = paragraph.querySelector(".math-inline")!;
    expect(formula.querySelector(".katex")).not.toBeNull();
    expect(renderedByReact(paragraph)).toBe(false);
    expect(renderedByReact(formula)).toBe(false);
    set("The cost grows as $O(n)$, in the last");
    expect(container.querySelector("p .math-inline")).toBe(formula);
    expect(paragraph.textContent).toMatch(/ in the last$/);
    set("The cost grows as $O(n)$, in the last $O(n^2)$.");
    expect(container.querySelector("p .math-inline")).toBe(formula);
    expect(container.querySelectorAll("p .math-inline")).toHaveLength(2);
  });
});
