import { render } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { loadKatex } from "../../../../src/chat/markdown/katexLoader";
import { preloadMarkdown } from "../../../../src/chat/markdown/markdownLoader";
import {
  MAX_PENDING_DISPLAY_MATHS,
  withoutPendingDisplayMaths,
} from "../../../../src/chat/markdown/pendingDisplayMaths";
import { shownWhileStreaming } from "../../../../src/chat/markdown/shownWhileStreaming";
import { LiveStreamingMarkdown } from "../../../../src/chat/markdown/StreamingMarkdown";
import { textSource } from "../../utils/liveMarkdown";
import { expectOnlyGrows } from "../../utils/onlyGrows";

beforeAll(async () => {
  await preloadMarkdown();
  await loadKatex();
});

const answer =
  "The sum:\n\n$$\n\\sum_{i=1}^{n} i = \\frac{n(n+1)}{2}\n$$\n\nIn a quote:\n\n> \\[\n> \\int_0^1 x\\,dx\n> \\]\n\n" +
  "As a block:\n\n```math\n\\sqrt{a^2 + b^2}\n```\n\nDone.";

describe("withoutPendingDisplayMaths", () => {
  it("holds back a display formula from its opening delimiter until its closing line is whole", () => {
    const held: [string, string][] = [
      ["The sum:\n\n$$\n\\sum_{i", "The sum:\n\n"],
      ["The sum:\n\n$$\n\\sum_{i=1}\n$$", "The sum:\n\n"],
      ["Quoted:\n> $$\n> x^", "Quoted:\n> "],
      ["Latex:\n\\[\n\\int_0^", "Latex:\n"],
      ["Block:\n```math\n\\frac{1}{", "Block:\n"],
      ["Item:\n  $$ meta\n  x", "Item:\n  "],
      // A "$$…$$" alone on its line: a display formula, or an inline one if its paragraph goes on.
      ["Energy:\n\n$$E = mc^2$$", "Energy:\n\n"],
      ["Energy:\n\n$$E = mc^2$$\n", "Energy:\n\n"],
      ["> $$x$$ ", "> "],
    ];
    for (const [text, shown] of held) expect(withoutPendingDisplayMaths(text), text).toBe(shown);
  });

  it("shows a closed display formula, a formula on one line, dollars in code, and one that stays open too long", () => {
    for (const text of [
      "The sum:\n\n$$\n\\sum_{i=1}\n$$\n",
      "Inline $$x^2$$ here\nand on",
      "$$x^2$$\nnext",
      "Energy:\n\n$$E = mc^2$$\n\nSo",
      "Energy:\n\n$$E = mc^2$$ is",
      "Energy:\n$$E = mc^2$$",
      "```\n$$\ncode\n",
      "Latex:\n\\[\n\\int\n\\]\nafter",
      `$$\n${"x".repeat(MAX_PENDING_DISPLAY_MATHS)}`,
    ])
      expect(withoutPendingDisplayMaths(text), text).toBe(text);
  });

  it("only ever grows, with the other rules too: what a text shows is a prefix of what any longer text shows", () => {
    expectOnlyGrows(shownWhileStreaming, [
      answer,
      " $$#x\n$$\n> ```math\n> y\n> ```\n",
      "$$ a $$ and\n$$\nb\n$$\nc",
      "$$x$$ and\n\n$$y$$\nz\n\n> $$w$$\n\nend",
    ]);
  });
});

describe("a display formula streamed into a live answer", () => {
  it("never shows KaTeX's error for its TeX cut short, nor its delimiters: it appears typeset, whole", () => {
    const { source, set } = textSource();
    const { container, unmount } = render(<LiveStreamingMarkdown source={source} />);
    for (let end = 1; end <= answer.length; end++) {
      set(answer.slice(0, end));
      const at = JSON.stringify(answer.slice(0, end));
      expect(container.querySelector(".katex-error"), at).toBeNull();
      expect(container.querySelector(".math-source"), at).toBeNull();
      expect(container.textContent, at).not.toMatch(/\$\$|\\\[|```/);
    }
    expect(container.querySelectorAll(".katex-display")).toHaveLength(3);
    unmount();
  });

  it("shows a one-line $$…$$ as a display formula only once its paragraph has ended, else inline", () => {
    for (const [text, display, inline] of [
      ["Energy:\n\n$$E = mc^2$$\n\nSo it is.", 1, 0],
      ["Energy:\n\n$$E = mc^2$$ is famous.", 0, 1],
    ] as const) {
      const { source, set } = textSource();
      const { container, unmount } = render(<LiveStreamingMarkdown source={source} />);
      for (let end = 1; end <= text.length; end++) {
        set(text.slice(0, end));
        const at = JSON.stringify(text.slice(0, end));
        expect(container.querySelectorAll(".katex-display").length, at).toBeLessThanOrEqual(display);
        expect(container.querySelectorAll(".katex").length - container.querySelectorAll(".katex-display").length, at).toBeLessThanOrEqual(inline);
      }
      expect(container.querySelectorAll(".katex-display")).toHaveLength(display);
      unmount();
    }
  });
});
