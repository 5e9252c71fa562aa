import { render } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { loadKatex } from "../../../../src/chat/markdown/katexLoader";
import { preloadMarkdown } from "../../../../src/chat/markdown/markdownLoader";
import { LiveStreamingMarkdown } from "../../../../src/chat/markdown/StreamingMarkdown";
import { textSource } from "../../utils/liveMarkdown";

beforeAll(async () => {
  await preloadMarkdown();
  await loadKatex();
});

/** Answers as models write them, each streamed a character at a time. */
const answers = [
  "# Getting started\n\nFirst, install the package:\n\n```bash\nnpm install foo\n```\n\n## Usage\n\nCall `foo()` with **two** arguments.",
  "Sure! Here's a summary:\n\n1. **Speed** — it is *fast*.\n2. **Safety**: see [docs](https://example.com/docs).\n   - nested _point_\n   - another\n3. Done.\n\n> **Note:** quotes work too.\n\n---\n\nThanks!",
  "The formula is $E = mc^2$, and the sum:\n\n$$\n\\sum_{i=1}^n i = \\frac{n(n+1)}{2}\n$$\n\nwhich costs $5 to compute, or $2^n$ steps.",
  "| Name | Value |\n|:-----|------:|\n| **a** | `1` |\n| [l](u) | $2$ |\n\nVisit https://example.com or www.example.org for more.",
  "Here is code:\n\n~~~python\ndef f(x):\n    return x ** 2\n~~~\n\n- [ ] todo\n- [x] done\n\nEnd.",
  "* item one\n* item two\n\n+ plus item\n\n1) paren list\n2) second\n\n    indented code\n\nEnd.",
  "> A quote with a list:\n> - one\n> - two\n>\n> and **bold**\n\nAfter the quote.",
  "Use \\(x^2\\) inline and display:\n\n\\[\n\\int_0^1 x\\,dx\n\\]\n\n> \\[\n> y^2\n> \\]\n\nDone.",
  "Steps:\n\n1. Install:\n\n   ```sh\n   npm i\n   ```\n\n2. Run it.\n\n10. Tenth\n11. Eleventh",
  'A [link with title](https://example.com "Title") and <https://auto.link>, then <b>bold</b>.',
  "### Heading ###\n\nText.\n\n#### Sub *em*\n\n- a\n\n  continued paragraph in item\n- b",
  "1. First\n   1. Nested one\n   2. Nested two\n2. Second\n\n- [link](u)\n- `code`\n\n***\n\n___\n\nEnd",
  "**Bold heading line**\n\nSome text.\n\n**Another:** value\n\n- **Key:** value\n- **Key2:** value2",
  "Maths:\n\n```math\n\\frac{a}{b} + \\sqrt{x}\n```\n\n> $$\n> x^2 + \\frac{1}{2}\n> $$\n\n- Item with display:\n\n  $$\n  \\int_0^1 f(x)\\,dx\n  $$\n\n- Next",
  "Here's how:\n\n1. **Create the file**:\n   ```ts\n   export const x = 1;\n   ```\n2. **Import it** in `main.ts`.\n\n### Notes:\n- Works on **Node 20+**.\n\n![diagram](https://example.com/d.png)\n\n* * *\n\n_Hope this helps!_ 🎉",
  "Emphasis *across\nlines* and **bold\nacross** them, `code\nspan` too.\n\n- item *em\n  goes on* here\n- next [link\ntext](u)\n\n> quote *a\n> b* end",
  "Text\n\n```js\nconst x = `template ${y}`;\n```\n\n```\n```\n\nAfter an empty fence.",
  "Three ways:\n\n1. **First** way.\n\n1. Second, with code:\n\n   ```sh\n   ls\n   ```\n\n1. Third.\n\n- loose\n\n- bullets\n\nEnd.",
  "In Rust a Vec<String> holds names; water is H<sub>2</sub>O; copy with <kbd>Ctrl</kbd>+<kbd>C</kbd>.\n\n| Step | Notes |\n|---|---|\n| one | first<br>second |\n\n<div>\n<p>A block</p>\n</div>\n\nFrom $20-$30, or $\\$5$.",
];

/** Each element's tag and first class, in document order (KaTeX's own markup left out). */
function elementsOf(root: Element): string[] {
  return [...root.querySelectorAll("*")]
    .filter((element) => !element.closest(".katex"))
    .map((element) => `${element.tagName.toLowerCase()}.${element.getAttribute("class")?.split(" ")[0] ?? ""}`);
}

/** Whether `before` appears in `after` in order (elements may be added anywhere, none taken away). */
function keepsAll(before: string[], after: string[]): boolean {
  let kept = 0;
  for (const element of after) if (kept < before.length && element === before[kept]) kept++;
  return kept === before.length;
}

describe("answers streamed into a live answer a character at a time", () => {
  it("only ever add text and elements: nothing shows as one thing and then turns into another", () => {
    const changes: string[] = [];
    for (const answer of answers) {
      const { source, set } = textSource();
      const { container, unmount } = render(<LiveStreamingMarkdown source={source} />);
      let text = "";
      let elements: string[] = [];
      for (let end = 1; end <= answer.length; end++) {
        set(answer.slice(0, end));
        const at = JSON.stringify(answer.slice(Math.max(0, end - 24), end));
        const nextText = container.textContent!.replace(/\s+/g, "");
        const nextElements = elementsOf(container);
        if (!nextText.startsWith(text))
          changes.push(`${at}: ${JSON.stringify(text.slice(-16))} → ${JSON.stringify(nextText.slice(-16))}`);
        if (!keepsAll(elements, nextElements)) changes.push(`${at}: ${elements.slice(-3)} → ${nextElements.slice(-3)}`);
        text = nextText;
        elements = nextElements;
      }
      unmount();
    }
    expect(changes).toEqual([]);
  }, 30_000);
});
