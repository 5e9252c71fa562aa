import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "../../../../src/app/toast/Toaster";
import { MarkdownContent } from "../../../../src/chat/markdown/MarkdownContent";
import { splitMarkdownBlocks } from "../../../../src/chat/markdown/splitMarkdownBlocks";
import { StreamingMarkdown } from "../../../../src/chat/markdown/StreamingMarkdown";
import "../../../../src/app/i18n/i18n";

afterEach(() => vi.restoreAllMocks());

const hostile = [
  "<script>window.hacked = true</script>",
  '<img src="x" onerror="window.hacked = true">',
  "[click me](javascript:alert(1))",
  '<a href="javascript:alert(2)">raw link</a>',
  '<iframe src="https://evil.example"></iframe>',
  "![pic](javascript:alert(3))",
].join("\n\n");

describe("markdown", () => {
  it("never lets scripts, event handlers or javascript: links reach the DOM", () => {
    const { container } = render(<MarkdownContent text={hostile} />);
    expect(container.querySelector("script, iframe")).toBeNull();
    for (const element of container.querySelectorAll("*")) {
      for (const attribute of element.attributes) {
        expect(attribute.name.startsWith("on"), `${element.tagName} ${attribute.name}`).toBe(false);
        expect(attribute.value.toLowerCase()).not.toContain("javascript:");
      }
    }
    expect((window as unknown as { hacked?: boolean }).hacked).toBeUndefined();
  });

  it("keeps KaTeX output while sanitizing the rest", () => {
    const { container } = render(
      <MarkdownContent text={'Inline $a^2 + b^2$ and\n\n$$\n\\frac{1}{2}\n$$\n\n<b onclick="x()">bold?</b>'} />,
    );
    expect(container.querySelectorAll(".katex").length).toBe(2);
    expect(container.querySelector(".katex-display")).not.toBeNull();
    expect(container.querySelector("[onclick]")).toBeNull();
  });

  it("renders tables and opens external links in a new tab without an opener", () => {
    render(<MarkdownContent text={"| a | b |\n|---|---|\n| 1 | 2 |\n\n[docs](https://example.com/docs)"} />);
    expect(screen.getByRole("table")).toBeInTheDocument();
    const link = screen.getByRole("link", { name: "docs" });
    expect(link).toHaveAttribute("target", "_blank");
    expect(link).toHaveAttribute("rel", "noopener noreferrer");
  });

  it("shows a code block's language and copies its code with a toast", async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, "writeText").mockResolvedValue();
    render(
      <>
        <MarkdownContent text={"```python\nprint('hi')\n```"} />
        <Toaster />
      </>,
    );
    const block = document.querySelector(".code-block") as HTMLElement;
    expect(within(block).getByText("python")).toBeInTheDocument();
    await user.click(within(block).getByRole("button", { name: "Copy code" }));
    expect(writeText).toHaveBeenCalledWith("print('hi')\n");
    expect(await screen.findByText("Copied to clipboard")).toBeInTheDocument();
  });

  it("splits a streaming answer at blank lines outside code and maths", () => {
    expect(splitMarkdownBlocks("a\n\nb\n\n```\nx\n\ny\n```\n\n$$\n1\n\n2\n$$\n\n- i\n\n  more\n- j")).toEqual([
      "a",
      "b",
      "```\nx\n\ny\n```",
      "$$\n1\n\n2\n$$",
      "- i\n\n  more\n- j",
    ]);
    const { container } = render(<StreamingMarkdown text={"# Title\n\nSome **bold**\n\n```js\nlet a"} />);
    expect(container.querySelector("h1")).toHaveTextContent("Title");
    expect(container.querySelector("pre code")).toHaveTextContent("let a");
  });
});
