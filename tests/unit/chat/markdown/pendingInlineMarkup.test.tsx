import { render } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { preloadMarkdown } from "../../../../src/chat/markdown/markdownLoader";
import { MAX_PENDING_MARKUP, withoutPendingInlineMarkup } from "../../../../src/chat/markdown/pendingInlineMarkup";
import { shownWhileStreaming } from "../../../../src/chat/markdown/shownWhileStreaming";
import { LiveStreamingMarkdown } from "../../../../src/chat/markdown/StreamingMarkdown";
import { textSource } from "../../utils/liveMarkdown";
import { expectOnlyGrows } from "../../utils/onlyGrows";

beforeAll(() => preloadMarkdown());

describe("withoutPendingInlineMarkup", () => {
  it("holds back inline markup of the last paragraph from its opening characters until it closes", () => {
    const held: [string, string][] = [
      ["Use **bol", "Use "],
      ["Use **bold*", "Use "],
      ["This is *impor", "This is "],
      ["An __underlined", "An "],
      ["~~old", ""],
      ["Run `npm te", "Run "],
      ["See [the do", "See "],
      ["See [the docs]", "See "],
      ["See [the docs](https://exa", "See "],
      ["![chart](https://example.com/c", ""],
      ["Line one\nA **b", "Line one\nA "],
      ["Trailing *", "Trailing "],
      ["Look!", "Look"],
      ["Escaped \\", "Escaped "],
      ["The formula $E = mc^", "The formula "],
      ["The formula $E = mc^2", "The formula "],
      ["The formula $E = mc^2$", "The formula "],
      ["Display $$\\sum", "Display "],
      ["So it is $2", "So it is "],
      ["Emphasis *across\nline", "Emphasis "],
      ["Lazy **bold\n", "Lazy "],
      ["- item `code\n  goes on", "- item "],
      ["> quote *a\n> b", "> quote "],
      ["So it is $2^n$", "So it is "],
      ["It costs $5.50", "It costs "],
      ["From $20-$", "From "],
      ["Costs $\\$100 \\times", "Costs "],
      ["Costs $x \\$ y", "Costs "],
      ["Use \\(x^", "Use "],
      ["Use \\[y = ", "Use "],
      ["Text in <b", "Text in "],
      ["See <https://exa", "See "],
      ["So 3 <", "So 3 "],
      // After punctuation a closing run waits for the next character: before a letter it closes nothing.
      ["**Note:**", ""],
      ["**Note:**text", ""],
      ["Tom &amp", "Tom "],
      ["&#16", ""],
      ["R&D", "R"],
      ["Line\\\n", "Line"],
      // A tag that marks text waits for its closing tag (a tag of any other name is shown as text).
      ["Water is H<sub>2", "Water is H"],
      ["Water is H<sub>2</sub", "Water is H"],
      ["Press <KBD>Ctrl", "Press "],
    ];
    for (const [text, shown] of held) expect(withoutPendingInlineMarkup(text), text).toBe(shown);
  });

  it("shows a line whose markup is closed, is not markup, or is code", () => {
    for (const text of [
      "Use **bold** now",
      "Water is H<sub>2</sub>O",
      "A Vec<String> of names",
      "2 ** 3 = 8",
      "snake_case_name here",
      "- [ ] task",
      "Array [1, 2] of two",
      "A [link](https://example.com/a_(b)) here",
      "* item",
      "~5 minutes",
      "`a*b` and `c` here",
      "Not \\*emphasis",
      "```\n**code [x](",
      "Look! Here",
      "The formula $E = mc^2$ holds",
      "It costs $5 and $10 a month",
      "It costs $5.50 a month",
      "From $20-$30 a night",
      "So it is $2^n$ here",
      "Emphasis *across\nlines* here",
      "Never *closed\n\nNext paragraph",
      "Never *closed\n- a list item",
      "> Never *closed\n\nAfter the quote",
      "Use \\(x^2\\) and \\[y\\] here",
      "Text in <b>bold</b> and <https://example.com> here",
      "So 3 < 4 and 5 <= 6",
      "**Note:** then",
      "**Note:**.",
      "(**a**)",
      // Chinese and Japanese punctuation counts as a letter next to the markers (cjkFriendlyEmphasis.ts).
      "这是**注意：**",
      "这是**注意：**这个",
      "这是**“引用”**的例子",
      "增长了**50%**的用户",
      "Tom &amp; Jerry",
      "Tom & Jerry",
      "R&D team",
      "Line\\\nbroken",
      "Line\\\n\nNext",
    ])
      expect(withoutPendingInlineMarkup(text), text).toBe(text);
  });

  it("holds a list item whose first word is markup with its marker, also under a paragraph's line", () => {
    // Cut at the markup, "Options:\n- " would read as a heading ("Options:" underlined) and "Steps:\n1." as text.
    const held: [string, string][] = [
      ["Options:\n- **F", "Options:\n"],
      ["Steps:\n1. `", "Steps:\n"],
      ["Text\n* **x", "Text\n"],
      ["Text\n+ `x", "Text\n"],
      ["1. Parent\n   1. `co", "1. Parent\n"],
      ["> Note\n> - [l", "> Note\n"],
      ["- Parent\n  - **chi", "- Parent\n"],
    ];
    for (const [text, shown] of held) expect(shownWhileStreaming(text), text).toBe(shown);
    expect(shownWhileStreaming("Options:\n- **Fast** mode")).toBe("Options:\n- **Fast** mode");
  });

  it("stops waiting once the open markup is further back than the limit", () => {
    const held = "**" + "x".repeat(MAX_PENDING_MARKUP - 2);
    expect(withoutPendingInlineMarkup(held)).toBe("");
    expect(withoutPendingInlineMarkup(held + "x")).toBe(held + "x");
  });

  it("only ever grows, with the other rules too: what a text shows is a prefix of what any longer text shows", () => {
    expectOnlyGrows(shownWhileStreaming, [
      "See [Wikipedia](https://en.wikipedia.org/wiki/Foo_(bar)) and **bold _both_** plus `x*y` ~~gone~~ done.",
      "![i](a.png) \\*not\\* snake_case __init__ and 2 ** 3 and a_b_ end.",
      "- **Step 1:** do [it](u).\n- [x] checked\n\n```\n**raw [x](\n```\nend",
      "| **A** | `b` |\n|---|---|\n| [c](d) | *e* |\n",
      `Unclosed **${"long ".repeat(60)}and then** closed, then *one* more.`,
    ]);
  });

  it("only ever grows for any text of markdown's characters (seeded random texts)", () => {
    const characters = ["*", "_", "~", "`", "$", "5", "[", "]", "(", ")", "!", "\\", " ", "a", "\n", "|", "-", "#", ">", "=", "<", "1", ".", "+", ":", "$$", "\\[", "\\]", "```math", "> ", "：", "这", "**", "&", "amp", ";", "<sub>", "</sub>", "<b>"];
    let seed = 1;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const shrinking: string[] = [];
    for (let n = 0; n < 5000 && shrinking.length === 0; n++) {
      let text = "";
      for (let length = 1 + Math.floor(random() * 40); text.length < length; )
        text += characters[Math.floor(random() * characters.length)];
      let previous = "";
      for (let end = 0; end <= text.length && shrinking.length === 0; end++) {
        const shown = shownWhileStreaming(text.slice(0, end));
        if (!shown.startsWith(previous)) shrinking.push(text.slice(0, end));
        previous = shown;
      }
    }
    expect(shrinking).toEqual([]);
  });
});

describe("inline markup streamed into a live answer", () => {
  it("never shows its markers: bold words and a link appear as such", () => {
    const answer = "Use **bold words** and [a link](https://example.com/page) here, with `code`.";
    const { source, set } = textSource();
    const { container, unmount } = render(<LiveStreamingMarkdown source={source} />);
    for (let end = 1; end <= answer.length; end++) {
      set(answer.slice(0, end));
      expect(container.textContent, JSON.stringify(answer.slice(0, end))).not.toMatch(/[*[\]`()]/);
    }
    expect(container.querySelector("strong")?.textContent).toBe("bold words");
    expect(container.querySelector("a")?.getAttribute("href")).toBe("https://example.com/page");
    expect(container.querySelector("code")?.textContent).toBe("code");
    unmount();
  });

  it("shows what waited once the stream has ended (finished, stopped or failed)", () => {
    const { source, set, end } = textSource();
    const { container, unmount } = render(<LiveStreamingMarkdown source={source} />);
    set("Run `npm test`");
    expect(container.textContent).toBe("Run");
    end();
    expect(container.textContent).toBe("Run npm test");
    expect(container.querySelector("code")?.textContent).toBe("npm test");
    unmount();
  });
});
