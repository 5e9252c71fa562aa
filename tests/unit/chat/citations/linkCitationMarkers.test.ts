import { describe, expect, it } from "vitest";
import { fileNameFromDisposition } from "../../../../src/chat/citations/fileNameFromDisposition";
import { linkCitationMarkers } from "../../../../src/chat/citations/linkCitationMarkers";

const href = (n: number) => `#c-${n}`;

describe("linkCitationMarkers", () => {
  it("links [n] and [n, m] markers that name a citation", () => {
    expect(linkCitationMarkers("The launch is on Tuesday [1]. Costs rose [1, 2].", 2, href)).toBe(
      "The launch is on Tuesday [\\[1\\]](#c-1). Costs rose [\\[1\\]](#c-1)[\\[2\\]](#c-2).",
    );
  });

  it("leaves numbers beyond the citations, indexes, links, definitions, escapes and footnotes alone", () => {
    const text = "See [3]. a[1] \\[1] [1](https://x.test) [1]: https://x.test [^1]";
    expect(linkCitationMarkers(text, 2, href)).toBe(text);
  });

  it("leaves code alone: fenced blocks and inline spans", () => {
    const text = ["Use `xs[1]` here [1].", "```python", "print(xs[1])", "```", "After [2]."].join("\n");
    expect(linkCitationMarkers(text, 2, href)).toBe(
      ["Use `xs[1]` here [\\[1\\]](#c-1).", "```python", "print(xs[1])", "```", "After [\\[2\\]](#c-2)."].join("\n"),
    );
  });

  it("leaves a code block inside a list item or a quote alone", () => {
    const text = ["1. Run it [1].", "   ```python", "   print(xs[1])", "   ```", "> ~~~", "> see [2]", "> ~~~"].join("\n");
    expect(linkCitationMarkers(text, 2, href)).toBe(text.replace("it [1]", "it [\\[1\\]](#c-1)"));
  });

  it("changes nothing without citations", () => {
    expect(linkCitationMarkers("Plain [1].", 0, href)).toBe("Plain [1].");
  });
});

describe("fileNameFromDisposition", () => {
  it("prefers filename* and falls back to filename", () => {
    expect(fileNameFromDisposition(`attachment; filename="r_port.pdf"; filename*=UTF-8''r%C3%A9port.pdf`)).toBe(
      "réport.pdf",
    );
    expect(fileNameFromDisposition('attachment; filename="report \\"v2\\".pdf"')).toBe('report "v2".pdf');
    expect(fileNameFromDisposition("attachment")).toBeNull();
    expect(fileNameFromDisposition(null)).toBeNull();
  });
});
