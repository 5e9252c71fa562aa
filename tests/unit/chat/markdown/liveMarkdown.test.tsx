import { render } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { growDomText, lastTextNode } from "../../../../src/chat/markdown/liveDomText";
import { preloadMarkdown } from "../../../../src/chat/markdown/markdownLoader";
import { LiveStreamingMarkdown, StreamingMarkdown } from "../../../../src/chat/markdown/StreamingMarkdown";
import { expectSameAsFresh, renderedByReact, textSource } from "../../utils/liveMarkdown";

// The renderer loads on demand (plain text until then); these tests are about its output.
beforeAll(() => preloadMarkdown());

/** Every text node under `root`, in document order. */
function textNodes(root: Node): Text[] {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const nodes: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) nodes.push(node as Text);
  return nodes;
}

const answers = [
  "Here is the plan, in **three** steps.\n\n1. Read the frames as they arrive.\n2. Append each chunk.\n3. Render once per frame.\n\n" +
    "```ts\nconst total = chunks.reduce((sum, chunk) => sum + chunk.length, 0);\n```\n\n" +
    "| Step | Cost |\n|---|---|\n| parse | small |\n| render | smaller |\n\nThe cost grows as $O(n)$ in the last block only. " +
    "Here is the plan, in **three** steps again.",
  "# Plan for the week\n\nSome **bold** text goes on\nover two lines and then some more words.\n\n> A quote that grows word by word\n\n" +
    "- one item with words\n- two items with more words\n  - nested and longer\n\n```\nplain code that grows word by word\nand a second line\n```\n\n" +
    "Last words with `code` then more words and *emphasis* and [a link](https://example.com) then the end.",
  "Words then a_b and snake_case then www.example.com and a &amp; b then 1. then\n\n1\n\n12. x and [x]: y then the end",
];

describe("a live answer read from its store", () => {
  it("shows, after every chunk, exactly what a fresh rendering of the same text shows", () => {
    for (const answer of answers) {
      const { source, set } = textSource();
      const { container, unmount } = render(<LiveStreamingMarkdown source={source} />);
      let received = "";
      for (const chunk of answer.split(/(?<= )/)) {
        received += chunk;
        set(received);
        expectSameAsFresh(container, received);
      }
      unmount();
    }
  }, 60_000);

  it("shows what a fresh rendering shows for chunks cut anywhere, blocks of the view's and React's mixed", () => {
    let seed = 7;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (const answer of [...answers, answers.join("\n\n$$\nx^2\n$$\n\n")]) {
      const { source, set } = textSource();
      const { container, unmount } = render(<LiveStreamingMarkdown source={source} />);
      for (let end = 0; end < answer.length;) {
        end = Math.min(answer.length, end + 1 + Math.floor(random() * 14));
        set(answer.slice(0, end));
        expectSameAsFresh(container, answer.slice(0, end));
      }
      unmount();
    }
  }, 60_000);

  it("grows the last text in place for plain words, and renders through React for markup", () => {
    const { source, set } = textSource();
    const { container } = render(<LiveStreamingMarkdown source={source} />);
    set("Here is");
    const paragraph = container.querySelector("p")!;
    const text = paragraph.firstChild as Text;
    set("Here is the");
    set("Here is the plan,");
    // The same nodes, the text longer: no React render replaced them.
    expect(container.querySelector("p")).toBe(paragraph);
    expect(paragraph.firstChild).toBe(text);
    expect(text.data).toBe("Here is the plan,");
    // Markup after grown words: React renders the block again, without doubling or losing text.
    set("Here is the plan, in **three**");
    expect(paragraph.innerHTML).toBe("Here is the plan, in <strong>three</strong>");
    set("Here is the plan, in **three** steps.");
    expect(paragraph.innerHTML).toBe("Here is the plan, in <strong>three</strong> steps.");
    // A code block grows before its line ending.
    set("Here is the plan, in **three** steps.\n\n```ts\nconst");
    const code = container.querySelector("pre code")!;
    const codeText = code.firstChild as Text;
    set("Here is the plan, in **three** steps.\n\n```ts\nconst total = 1;");
    expect(code.firstChild).toBe(codeText);
    expect(codeText.data).toBe("const total = 1;\n");
    set("Here is the plan, in **three** steps.\n\n```ts\nconst total = 1;\n```\n\nDone.");
    expect(container.querySelector("pre code")).toHaveTextContent("const total = 1;");
    expect(container.querySelector(".chat-markdown > p:last-child")).toHaveTextContent("Done.");
  });

  it("patches an open table, list or link in place: earlier rows, items and links keep their nodes", () => {
    const { source, set } = textSource();
    const { container } = render(<LiveStreamingMarkdown source={source} />);
    set("Intro.\n\n| Step | Cost |\n|---|:-:|\n| parse | small |");
    const firstRow = container.querySelector("tbody tr")!;
    const wrap = container.querySelector(".table-wrap")!;
    set("Intro.\n\n| Step | Cost |\n|---|:-:|\n| parse | small |\n| render | smaller |");
    expect(container.querySelector("tbody tr")).toBe(firstRow);
    expect(container.querySelector(".table-wrap")).toBe(wrap);
    expect(container.querySelectorAll("tbody tr")).toHaveLength(2);
    // Created by the view itself: React marks the nodes it creates, and this one has no such mark.
    expect(renderedByReact(container.querySelector("tbody tr:last-child")!)).toBe(false);
    expect(renderedByReact(container.querySelector("p")!)).toBe(true);
    // The table finished: the view still shows it, React shows what follows only if it must.
    set("Intro.\n\n| Step | Cost |\n|---|:-:|\n| parse | small |\n| render | smaller |\n\nThen $x$ words.");
    expect(container.querySelector("tbody tr")).toBe(firstRow);
    expect(renderedByReact(container.querySelector(".chat-markdown > p:last-child")!)).toBe(true);
    expect(container.querySelector("tbody tr:last-child td:last-child")!.getAttribute("style")).toBe(
      "text-align: center;",
    );

    const list = "Intro.\n\n1. Read [the docs](https://example.com/docs) first";
    set(list);
    const link = container.querySelector("ol a")!;
    expect(link.getAttribute("target")).toBe("_blank");
    expect(link.getAttribute("rel")).toBe("noopener noreferrer");
    set(`${list}.\n2. Then **write**`);
    expect(container.querySelector("ol a")).toBe(link);
    expect(container.querySelector("ol li:last-child")!.innerHTML).toBe("Then <strong>write</strong>");
    const fresh = render(<StreamingMarkdown text={`${list}.\n2. Then **write**`} />);
    expect(container.innerHTML).toBe(fresh.container.innerHTML);
  });

  it("never turns text into markup in an open block it shows itself", () => {
    const { source, set } = textSource();
    const { container } = render(<LiveStreamingMarkdown source={source} />);
    set("- one <img src=x onerror=alert(1)>");
    set("- one <img src=x onerror=alert(1)>\n- two <script>alert(2)</script> [x](javascript:alert(3))");
    expect(container.querySelector("img, script")).toBeNull();
    expect(container.querySelector("a")?.getAttribute("href") ?? null).toBeNull();
    expect(container.querySelector("ul")!.textContent).toContain("two");
  });

  it("shows the text grown in place when React renders again without changing that block", () => {
    const { source, set } = textSource();
    const { container } = render(<LiveStreamingMarkdown source={source} />);
    set("Some words");
    set("Some words and more");
    // Trailing spaces change the text but not the blocks: React renders, the grown text stays.
    set("Some words and more  ");
    expect(container.querySelector("p")!.textContent).toBe("Some words and more");
    set("Some words and more  then");
    expect(container.querySelector("p")!.textContent).toBe("Some words and more  then");
    const fresh = render(<StreamingMarkdown text="Some words and more  then" />);
    expect(container.innerHTML).toBe(fresh.container.innerHTML);
  });

  it("starts afresh for another text (a new answer)", () => {
    const { source, set } = textSource();
    const { container } = render(<LiveStreamingMarkdown source={source} />);
    set("First answer words");
    set("First answer words grow");
    set("Other");
    expect(container.textContent).toBe("Other");
    set("Other text");
    expect(container.textContent).toBe("Other text");
  });
});

describe("growing a shown text", () => {
  it("finds the last text past the line breaks between blocks and list items", () => {
    const root = document.createElement("div");
    root.innerHTML = "<ul>\n<li>one</li>\n<li>two <em>x</em> three</li>\n</ul>\n";
    expect(lastTextNode(root)?.data).toBe(" three");
    root.innerHTML = "<p>words <img src='x'></p>";
    expect(lastTextNode(root)).toBeNull();
  });

  it("only grows the text it was told about, as plain text", () => {
    const root = document.createElement("div");
    root.innerHTML = "<p>Some words</p>";
    expect(growDomText(root, { before: "Other words", after: "Other words more", parent: "p" }, null)).toBeNull();
    expect(growDomText(root, { before: "Some words", after: "Some words more", parent: "li" }, null)).toBeNull();
    expect(root.innerHTML).toBe("<p>Some words</p>");
    const node = growDomText(root, { before: "Some words", after: "Some words <b>x</b>", parent: "p" }, null);
    expect(node).toBe(root.querySelector("p")!.firstChild);
    expect(root.querySelector("b")).toBeNull();
    expect(root.querySelector("p")!.textContent).toBe("Some words <b>x</b>");
    expect(textNodes(root)).toHaveLength(1);
  });
});
