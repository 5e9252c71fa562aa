/**
 * Markdown nested thousands of levels deep (an agent's introduction, a model's answer) must not
 * overflow the stack; and a text the renderer fails on shows as text, not as a failed page.
 */
import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Root, RootContent } from "hast";
import { MAX_NESTING_DEPTH } from "../../../../src/chat/markdown/limitNestingDepth";
import { MarkdownContent } from "../../../../src/chat/markdown/MarkdownContent";
import { markdownStore } from "../../../../src/chat/markdown/markdownLoader";
import * as renderers from "../../../../src/chat/markdown/markdownRenderers";
import { StreamingMarkdown } from "../../../../src/chat/markdown/StreamingMarkdown";
import { markdownToHast } from "../../../../src/chat/markdown/markdownPipeline";

function depthOf(root: Root): number {
  let deepest = 0;
  const stack: [RootContent | Root, number][] = [[root, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    deepest = Math.max(deepest, depth);
    if ("children" in node) for (const child of node.children) stack.push([child, depth + 1]);
  }
  return deepest;
}

const deepQuote = `${">".repeat(10_000)} deep`;
const deepList = `${"- ".repeat(3_000)}x`;

describe("deeply nested markdown", () => {
  it("keeps the tree within the nesting limit, the deepest text shown as text", () => {
    for (const text of [deepQuote, deepList]) {
      const hast = markdownToHast(text);
      expect(depthOf(hast)).toBeLessThanOrEqual(MAX_NESTING_DEPTH + 2);
    }
    expect(JSON.stringify(markdownToHast(deepQuote))).toContain("deep");
  });

  it("leaves ordinary nesting as it is", () => {
    const text = "> quote\n>\n> > inner\n\n- a\n  - b\n    - c";
    const hast = markdownToHast(text);
    expect(depthOf(hast)).toBeLessThan(10);
    expect(JSON.stringify(hast)).not.toContain("&gt;");
  });

  it("renders an answer nested 10,000 levels deep, finished and while it streams", () => {
    const { unmount } = render(<renderers.RenderedMarkdown text={deepQuote} />);
    expect(screen.getByText(/deep/)).toBeInTheDocument();
    unmount();
    const streaming = render(<renderers.RenderedStreamingMarkdown text={`Here:\n\n${deepQuote}`} />);
    expect(screen.getByText(/deep/)).toBeInTheDocument();
    streaming.rerender(<renderers.RenderedStreamingMarkdown text={`Here:\n\n${deepList}`} />);
    expect(screen.getByText(/x/)).toBeInTheDocument();
  });
});

describe("a text the markdown renderer fails on", () => {
  afterEach(() => {
    markdownStore.setState({ renderers: null });
    vi.restoreAllMocks();
  });

  it("shows as plain text, finished or streaming, and the page goes on", () => {
    vi.spyOn(console, "error").mockImplementation(() => {}); // React reports the caught error.
    const failing = () => {
      throw new RangeError("Maximum call stack size exceeded");
    };
    markdownStore.setState({
      renderers: {
        ...renderers,
        RenderedMarkdown: failing,
        RenderedStreamingMarkdown: failing,
      } as unknown as typeof renderers,
    });
    render(
      <>
        <MarkdownContent text="A finished **answer**" />
        <StreamingMarkdown text="A growing *answer*" />
        <p>The rest of the page</p>
      </>,
    );
    expect(screen.getByText("A finished **answer**")).toBeInTheDocument();
    expect(screen.getByText("A growing *answer*")).toBeInTheDocument();
    expect(screen.getByText("The rest of the page")).toBeInTheDocument();
  });
});
