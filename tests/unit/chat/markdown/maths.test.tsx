import { render, waitFor } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { preloadMarkdown } from "../../../../src/chat/markdown/markdownLoader";
import { katexStore } from "../../../../src/chat/markdown/katexLoader";
import { MarkdownContent } from "../../../../src/chat/markdown/MarkdownContent";

// One file, in order: KaTeX is loaded once per page, by the first formula shown.
// The renderer loads on demand (plain text until then); these tests are about its output.
beforeAll(() => preloadMarkdown());

describe("maths", () => {
  it("does not load KaTeX for text without maths", async () => {
    render(<MarkdownContent text={"No maths here: **bold**, `code` and a [link](https://example.com)."} />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(katexStore.getState().renderTex).toBeNull();
  });

  it("shows the TeX until KaTeX has loaded, then typesets inline, $$ and ```math formulas", async () => {
    const { container } = render(
      <MarkdownContent text={"Inline $a^2 + b^2$ and\n\n$$\n\\frac{1}{2}\n$$\n\n```math\nx_1\n```"} />,
    );
    expect([...container.querySelectorAll(".math-source")].map((node) => node.textContent)).toEqual([
      "a^2 + b^2",
      "\\frac{1}{2}",
      "x_1",
    ]);
    await waitFor(() => expect(container.querySelectorAll(".katex")).toHaveLength(3));
    expect(container.querySelectorAll(".katex-display")).toHaveLength(2);
    expect(container.querySelector(".math-source")).toBeNull();
  });

  it("typesets at once once KaTeX is loaded, and shows a bad formula as an error, not a crash", () => {
    const { container } = render(<MarkdownContent text={"Good $x$ and bad $\\frac{1}{$"} />);
    expect(container.querySelectorAll(".katex")).toHaveLength(1);
    expect(container.querySelector(".katex-error")).toHaveTextContent("\\frac{1}{");
  });
});

describe("sizes a formula asks for", () => {
  it("caps \\rule and \\kern at 20 em, so that one formula cannot draw a block thousands of pixels high", async () => {
    const { renderTex } = await import("../../../../src/chat/markdown/katexModule");
    const html = renderTex("\\rule{3000px}{4000px}", false);
    const sizes = [...html.matchAll(/(?:height|width|border-right-width|border-top-width):\s*([\d.]+)em/g)].map((m) =>
      Number(m[1]),
    );
    expect(sizes.length).toBeGreaterThan(0);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(20);
  });
});
