import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { MarkdownContent } from "../../../../src/chat/markdown/MarkdownContent";
import { markdownStore } from "../../../../src/chat/markdown/markdownLoader";
import { StreamingMarkdown } from "../../../../src/chat/markdown/StreamingMarkdown";

// This file never preloads the renderer: the first render happens before it has loaded.
describe("markdown loaded on demand", () => {
  it("shows the plain text (no markup, line breaks kept) until the renderer arrives, then the rendering", async () => {
    expect(markdownStore.getState().renderers).toBeNull();
    const text = 'Some **bold** <img src="x" onerror="alert(1)">\nsecond line';
    const { container } = render(<MarkdownContent text={text} />);
    const plain = container.querySelector(".chat-markdown > p");
    expect(plain).toHaveTextContent(text, { normalizeWhitespace: false });
    expect(plain).toHaveStyle({ whiteSpace: "pre-wrap" });
    expect(container.querySelector("strong, img")).toBeNull();

    expect((await screen.findByText("bold")).tagName).toBe("STRONG");
    expect(markdownStore.getState().renderers).not.toBeNull();
    expect(container.querySelector("img")).toBeNull(); // Sanitized by the pipeline.
  });

  it("renders a streaming answer at once when the renderer has loaded", () => {
    const { container } = render(<StreamingMarkdown text={"# Title\n\nSome *text*"} />);
    expect(container.querySelector("h1")).toHaveTextContent("Title");
    expect(container.querySelector("em")).toHaveTextContent("text");
  });
});
