import { render } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { preloadMarkdown } from "../../../../src/chat/markdown/markdownLoader";
import { withoutPendingSetextUnderline } from "../../../../src/chat/markdown/pendingSetextUnderline";
import { shownWhileStreaming } from "../../../../src/chat/markdown/shownWhileStreaming";
import { LiveStreamingMarkdown } from "../../../../src/chat/markdown/StreamingMarkdown";
import { textSource } from "../../utils/liveMarkdown";
import { expectOnlyGrows } from "../../utils/onlyGrows";

beforeAll(() => preloadMarkdown());

const list = "Here are the options:\n- one\n- two\n\n1. First level item\n   - nested\n\nThat is all.";

describe("withoutPendingSetextUnderline", () => {
  it("holds back a last line of dashes or equals signs under a paragraph's line", () => {
    expect(withoutPendingSetextUnderline("Here are the options:\n-")).toBe("Here are the options:\n");
    expect(withoutPendingSetextUnderline("Title\n---")).toBe("Title\n");
    expect(withoutPendingSetextUnderline("Title\n==")).toBe("Title\n");
    expect(withoutPendingSetextUnderline("Title\n  ")).toBe("Title\n");
    expect(withoutPendingSetextUnderline("> Quoted options:\n> -")).toBe("> Quoted options:\n");
  });

  it("shows it once the line decides: a list item, a finished underline, or no paragraph above", () => {
    for (const text of [
      "Here are the options:\n- one",
      "Title\n---\n",
      "Paragraph\n\n---",
      "-",
      "```\nline\n-",
      "Words only",
    ])
      expect(withoutPendingSetextUnderline(text)).toBe(text);
  });

  it("only ever grows, with the table header rule too: what a text shows is a prefix of what any longer text shows", () => {
    const answers = [
      list,
      "Title\n=====\n\nBody\n---\n\n| A | B |\n|---|---|\n| 1 | 2 |\n",
      "```md\nHeading\n---\n```\nAfter\n  -- x",
    ];
    expectOnlyGrows(shownWhileStreaming, answers);
  });
});

describe("a list streamed under a paragraph into a live answer", () => {
  it("never shows the paragraph as a heading on its way", () => {
    const { source, set } = textSource();
    const { container, unmount } = render(<LiveStreamingMarkdown source={source} />);
    for (let end = 1; end <= list.length; end++) {
      set(list.slice(0, end));
      const headings = [...container.querySelectorAll("h1, h2, h3, h4, h5, h6")].map((h) => h.textContent);
      expect(headings, JSON.stringify(list.slice(0, end))).toEqual([]);
    }
    expect([...container.querySelectorAll("li")].map((li) => li.firstChild?.textContent)).toEqual([
      "one",
      "two",
      "First level item",
      "nested",
    ]);
    unmount();
  });
});
