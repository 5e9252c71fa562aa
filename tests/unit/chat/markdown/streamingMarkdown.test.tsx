import { render } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { preloadMarkdown } from "../../../../src/chat/markdown/markdownLoader";
import {
  splitGrowingText,
  splitMarkdownBlockRanges,
  splitMarkdownBlocks,
} from "../../../../src/chat/markdown/splitMarkdownBlocks";
import { StreamingMarkdown } from "../../../../src/chat/markdown/StreamingMarkdown";

const answer =
  "# Plan\n\nSome **bold** text\nover two lines.\n\n```ts\nconst a = 1;\n\nconst b = 2;\n```\n\n$$\nx\n\ny\n$$\n\n" +
  "- one\n\n  continued\n- two\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\nThe end.";

// The renderer loads on demand (plain text until then); these tests are about its output.
beforeAll(() => preloadMarkdown());

describe("streaming markdown", () => {
  it("splits an answer at blank lines outside code and maths", () => {
    expect(splitMarkdownBlocks("a\n\nb\n\n```\nx\n\ny\n```\n\n$$\n1\n\n2\n$$\n\n- i\n\n  more\n- j")).toEqual([
      "a",
      "b",
      "```\nx\n\ny\n```",
      "$$\n1\n\n2\n$$",
      "- i\n\n  more\n- j",
    ]);
    for (const block of splitMarkdownBlockRanges(answer)) expect(answer.startsWith(block.text, block.start)).toBe(true);
  });

  it("keeps a loose list's items in one block, so that they number on and show as one list while streaming", () => {
    expect(splitMarkdownBlocks("1. a\n\n1. b\n   - nested\n\n2. c\n\nAfter.")).toEqual([
      "1. a\n\n1. b\n   - nested\n\n2. c",
      "After.",
    ]);
    expect(splitMarkdownBlocks("- a\n\n- b\n\n* c\n\n1) d\n\n1. e")).toEqual(["- a\n\n- b", "* c", "1) d", "1. e"]);
    // Shown as the stored answer will be: 1, 2, 3 in one list, not three lists of one item each numbered 1.
    const { container } = render(<StreamingMarkdown text={"1. One\n\n1. Two\n\n1. Three"} />);
    expect(container.querySelectorAll("ol")).toHaveLength(1);
    expect(container.querySelectorAll("ol > li")).toHaveLength(3);
    expect(container.querySelector("ol")).not.toHaveAttribute("start");
  });

  it("does not end a code block at a fence with an info string, and keeps \\[ … \\] maths whole", () => {
    expect(splitMarkdownBlocks("````text\nouter\n```js\n\ninner\n````\n\nAfter.")).toEqual([
      "````text\nouter\n```js\n\ninner\n````",
      "After.",
    ]);
    expect(splitMarkdownBlocks("```text\nouter\n```js\n\ninner\n```\n\nAfter.")).toEqual([
      "```text\nouter\n```js\n\ninner\n```",
      "After.",
    ]);
    expect(splitMarkdownBlocks("~~~\nx\n```\n\ny\n~~~\n\nAfter.")).toEqual(["~~~\nx\n```\n\ny\n~~~", "After."]);
    expect(splitMarkdownBlocks("Formula:\n\n\\[\na = 1\n\nb = 2\n\\]\n\nEnd.")).toEqual([
      "Formula:",
      "\\[\na = 1\n\nb = 2\n\\]",
      "End.",
    ]);
  });

  it("re-splits only the last block of a growing text, with the same result as splitting it whole", () => {
    let split = null;
    for (let length = 0; length <= answer.length; length++) {
      split = splitGrowingText(split, answer.slice(0, length));
      expect(split.blocks).toEqual(splitMarkdownBlockRanges(answer.slice(0, length)));
    }
    // Text that does not continue the previous one (another answer) is split afresh.
    expect(splitGrowingText(split, "Other\n\ntext").blocks.map((block) => block.text)).toEqual(["Other", "text"]);
  });

  it("renders a growing answer: finished blocks keep their DOM, the open block is parsed as it grows", () => {
    const { container, rerender } = render(<StreamingMarkdown text={"# Title\n\nSome **bold**\n\n```js\nlet a"} />);
    expect(container.querySelector("h1")).toHaveTextContent("Title");
    expect(container.querySelector("pre code")).toHaveTextContent("let a");
    const heading = container.querySelector("h1");
    rerender(<StreamingMarkdown text={"# Title\n\nSome **bold**\n\n```js\nlet a = 1;\n```\n\nDone $x"} />);
    expect(container.querySelector("h1")).toBe(heading);
    expect(container.querySelector("pre code")).toHaveTextContent("let a = 1;");
    // A formula not closed yet waits.
    expect(container.querySelector(".chat-markdown > p:last-child")).toHaveTextContent(/^Done$/);
  });
});
