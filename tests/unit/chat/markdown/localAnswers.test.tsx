import { render } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { MarkdownContent } from "../../../../src/chat/markdown/MarkdownContent";
import { preloadMarkdown } from "../../../../src/chat/markdown/markdownLoader";
import { localAnswer } from "../../../../src/server/llm/localEngine";

// The renderer loads on demand (plain text until then); these tests are about what the chat shows.
beforeAll(() => preloadMarkdown());

/** The built-in engine's answer as the chat renders it. */
const shown = (...passages: Parameters<typeof localAnswer>[0]) =>
  render(<MarkdownContent text={localAnswer(passages)} />).container;

describe("the built-in engine's quotes, as the chat shows them", () => {
  it("shows a text file's lines as written: rows, list marks, years, links and markup are text", () => {
    const container = shown({
      title: "notes.txt",
      text: [
        "sku,name,quantity",
        "A-100,Flux capacitor,12",
        "- water the orchids daily",
        "1986. The pelican pier opened that year.",
        '[1]: https://evil.example/phish "ostrich ledger"',
        "**bold papaya** and [kiwi](javascript:alert(1)) cost $5 and $10 <b>here</b>",
        "---",
      ].join("\n"),
    });
    const blockquote = container.querySelector("blockquote")!;
    expect(blockquote.querySelectorAll("br")).toHaveLength(6);
    expect(blockquote.textContent).toContain("sku,name,quantity");
    expect(blockquote.textContent).toContain("- water the orchids daily");
    expect(blockquote.textContent).toContain("1986. The pelican pier opened that year.");
    expect(blockquote.textContent).toContain('[1]: https://evil.example/phish "ostrich ledger"');
    expect(blockquote.textContent).toContain(
      "**bold papaya** and [kiwi](javascript:alert(1)) cost $5 and $10 <b>here</b>",
    );
    expect(container.querySelector("ol, ul, strong, b, .katex, h1, h2, hr")).toBeNull();
    // A web address in the text is a link to itself; nothing else is a link.
    expect([...container.querySelectorAll("a")].map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["https://evil.example/phish", "https://evil.example/phish"],
    ]);
  });

  it("shows a markdown file's table, list and code as markdown", () => {
    const container = shown({
      title: "travel-policy.md",
      text: "Receipts must be attached.\n\n| Item | Limit |\n|------|-------|\n| Taxi | 60 EUR |\n\n```bash\necho hi\n```",
    });
    const blockquote = container.querySelector("blockquote")!;
    expect(blockquote.querySelector("table td")?.textContent).toBe("Taxi");
    expect(blockquote.querySelector("pre code")?.textContent).toContain("echo hi");
  });

  it("names the source as text, with its page and section, whatever its file name holds", () => {
    const container = shown(
      { title: "*star*_[x](https://evil.example).md", text: "Walruses: 4." },
      { title: "report.docx", page: 2, heading: "Quarterly Report", text: "Revenue reached 4.2 million euros." },
    );
    expect(container.textContent).toContain("— [1] *star*_[x](https://evil.example).md");
    expect(container.textContent).toContain("— [2] report.docx, page 2, Quarterly Report");
    expect(container.querySelector("a[href*='evil'], em")).toBeNull();
  });
});
