import { render } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { preloadMarkdown } from "../../../../src/chat/markdown/markdownLoader";
import { withoutPendingBlockStart } from "../../../../src/chat/markdown/pendingBlockStart";
import { shownWhileStreaming } from "../../../../src/chat/markdown/shownWhileStreaming";
import { LiveStreamingMarkdown } from "../../../../src/chat/markdown/StreamingMarkdown";
import { textSource } from "../../utils/liveMarkdown";
import { expectOnlyGrows } from "../../utils/onlyGrows";

beforeAll(() => preloadMarkdown());

const steps =
  "Steps:\n\n1. Install it\n2. Run it\n10. Check it\n\n- [ ] open task\n- [x] done task\n\n## Next\n\nRead on.";

describe("withoutPendingBlockStart", () => {
  it("holds back a last line that may still become a list item, a rule, a task box, a heading or a definition", () => {
    const held: [string, string][] = [
      ["Steps:\n1", "Steps:\n"],
      ["Steps:\n12.", "Steps:\n"],
      ["Steps:\n3) ", "Steps:\n"],
      ["Tasks:\n- [", "Tasks:\n"],
      ["Tasks:\n- [x]", "Tasks:\n"],
      ["Above\n\n--", "Above\n\n"],
      ["Above\n\n* * ", "Above\n\n"],
      ["Text\n\n##", "Text\n\n"],
      ["Text\n   ", "Text\n"],
      ["```\ncode\n``", "```\ncode\n"],
      ["~~~\ncode\n~", "~~~\ncode\n"],
      ["Sources\n\n[1]: https://example.com/a", "Sources\n\n"],
      ["Note[^1].\n\n[^1", "Note[^1].\n\n"],
      ["Quoted:\n> 1", "Quoted:\n"],
      ["Quoted:\n> ", "Quoted:\n"],
      ["> Options:\n> -", "> Options:\n"],
    ];
    for (const [text, shown] of held) expect(withoutPendingBlockStart(text), text).toBe(shown);
  });

  it("shows a line its characters have decided, and every line before the last", () => {
    for (const text of [
      "Steps:\n1. Install",
      "- [ ] task",
      "2024 was a good year",
      "# Title",
      "#hashtag",
      "- item",
      "---\n",
      "[1] is a citation",
      "```\ncode ``",
      "```\ncode\n```\n",
      "Words only",
      "> quoted words",
      "> 1. item",
    ])
      expect(withoutPendingBlockStart(text), text).toBe(text);
  });

  it("only ever grows, with the other rules too: what a text shows is a prefix of what any longer text shows", () => {
    expectOnlyGrows(shownWhileStreaming, [
      steps,
      'Intro\n\n* * *\n\n+ plus\n  1) nested\n\n```js\nconst a = 1;\n``\n```\n\n[ref]: https://example.com "Title"\n',
      "Text with <b>bold</b>, <https://example.com>, 3 < 4 and \\(x^2\\) or \\[y\\].",
    ]);
  });
});

describe("a list streamed into a live answer", () => {
  it("never shows its numbers, bullets or boxes as text before they turn into a list", () => {
    const { source, set } = textSource();
    const { container, unmount } = render(<LiveStreamingMarkdown source={source} />);
    let previous = "";
    for (let end = 1; end <= steps.length; end++) {
      set(steps.slice(0, end));
      const text = (container.textContent ?? "").trim();
      expect(text.startsWith(previous), JSON.stringify(steps.slice(0, end))).toBe(true);
      previous = text;
    }
    expect([...container.querySelectorAll("ol > li")].map((item) => item.textContent)).toEqual([
      "Install it",
      "Run it",
      "Check it",
    ]);
    expect(container.querySelectorAll('input[type="checkbox"]')).toHaveLength(2);
    unmount();
  });
});
