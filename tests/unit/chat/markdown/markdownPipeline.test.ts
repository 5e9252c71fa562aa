import type { Element, Root, RootContent } from "hast";
import { describe, expect, it } from "vitest";
import { FORMULA_TAG, markdownToHast } from "../../../../src/chat/markdown/markdownPipeline";

function links(tree: Root): string[] {
  const found: string[] = [];
  const visit = (node: Root | RootContent) => {
    if (node.type === "element" && node.tagName === "a") found.push(String((node as Element).properties.href));
    if ("children" in node) node.children.forEach(visit);
  };
  visit(tree);
  return found;
}

describe("markdownPipeline", () => {
  it("links bare URLs and e-mail addresses, whatever their case", () => {
    expect(
      links(markdownToHast("Visit WWW.Example.com, https://a.example/x and http://b.example; mail someone@example.org.")),
    ).toEqual(["http://WWW.Example.com", "https://a.example/x", "http://b.example", "mailto:someone@example.org"]);
    expect(links(markdownToHast("Nothing to link here: www, http, example.com, a.b"))).toEqual([]);
  });

  it("strikes through text between two tildes, never between single ones (models write them for approximately, or a subscript)", () => {
    const struck = (tree: Root) => JSON.stringify(tree).match(/"tagName":"del"/g)?.length ?? 0;
    expect(struck(markdownToHast("Water is H~2~O; it takes ~5 to ~10 minutes."))).toBe(0);
    expect(struck(markdownToHast("It is ~~gone~~ now."))).toBe(1);
  });

  it("makes bold and italics around Chinese and Japanese punctuation, as models write them", () => {
    const strong = (tree: Root) => [...JSON.stringify(tree).matchAll(/"tagName":"strong","properties":\{\},"children":\[\{"type":"text","value":"([^"]*)"/g)].map((m) => m[1]);
    expect(strong(markdownToHast("这是**注意：**这个，**「引用」**文字，（**括号**）。"))).toEqual(["注意：", "「引用」", "括号"]);
    expect(strong(markdownToHast("**Note:**text and **bold** here"))).toEqual(["bold"]);
    // Other punctuation between the markers and a CJK letter: curly quotes, a per cent sign, brackets.
    expect(strong(markdownToHast("这是**“引用”**的例子，所谓**“内卷”**是指"))).toEqual(["“引用”", "“内卷”"]);
    expect(strong(markdownToHast("增长了**50%**的用户，**(注意)**这里，**‘单引号’**的"))).toEqual(["50%", "(注意)", "‘单引号’"]);
    expect(strong(markdownToHast("He said **“yes”**and left"))).toEqual([]);
  });

  it("keeps each answer's reference definitions and footnotes to itself", () => {
    const first = markdownToHast("A [ref] and a note[^n].\n\n[ref]: https://a.example\n\n[^n]: The note.");
    expect(links(first)).toEqual(["https://a.example", "#user-content-fn-n", "#user-content-fnref-n"]);
    // Each footnote link leads to an id of the tree (the sanitizer prefixes ids once, the links with them).
    const ids = [...JSON.stringify(first).matchAll(/"id":"([^"]+)"/g)].map((m) => m[1]);
    expect(ids).toEqual(expect.arrayContaining(["user-content-fn-n", "user-content-fnref-n"]));
    const second = markdownToHast("A [ref] and a note[^n].");
    expect(links(second)).toEqual([]);
  });

  it("shows the asterisks and underscores of a paragraph crowded with them as typed, and keeps emphasis elsewhere", () => {
    // 1,800 runs, most of them unmatched: the parser's pairing looks back from each run over all the others.
    const crowded = `${"_a* ".repeat(600)}${"*b* ".repeat(300)}`.trim();
    const tree = markdownToHast(`Some **bold** first.\n\n${crowded}\n\n* a _list_ item with a [link](https://a.example/x_y*z)\n\n***`);
    const [first, paragraph, list, rule] = tree.children.filter((node): node is Element => node.type === "element");
    expect(JSON.stringify(first)).toContain('"tagName":"strong"');
    expect(paragraph!.tagName).toBe("p");
    expect(paragraph!.children).toEqual([expect.objectContaining({ type: "text", value: crowded })]);
    expect(list!.tagName).toBe("ul");
    expect(JSON.stringify(list)).toContain('"tagName":"em"');
    expect(links(tree)).toEqual(["https://a.example/x_y*z"]);
    expect(rule!.tagName).toBe("hr");
  });

  it("parses each list item's and table cell's text apart: a long list keeps its emphasis", () => {
    const items = Array.from({ length: 600 }, (_, i) => `* item_${i} *x*`).join("\n");
    const list = markdownToHast(items).children.find((node): node is Element => node.type === "element")!;
    const listItems = list.children.filter((node): node is Element => node.type === "element");
    expect(listItems).toHaveLength(600);
    expect(listItems.every((item) => item.children.some((node) => node.type === "element" && node.tagName === "em"))).toBe(true);
  });

  it("keeps the bullet, the code and the link address of a crowded list item as they are", () => {
    const tree = markdownToHast(`* \`a_b*c\` ${"_a* ".repeat(1200)}[x](https://a.example/p_q)`);
    const item = JSON.stringify(tree);
    expect(item).toContain('"tagName":"li"');
    expect(item).toContain('"tagName":"code","properties":{},"children":[{"type":"text","value":"a_b*c"');
    expect(links(tree)).toEqual(["https://a.example/p_q"]);
    expect(item).not.toContain('"tagName":"em"');
  });
});

/** The formulas of a tree, as "inline:tex" or "display:tex", and its text outside them. */
function formulasAndText(tree: Root): { formulas: string[]; text: string } {
  const formulas: string[] = [];
  let text = "";
  const visit = (node: Root | RootContent) => {
    if (node.type === "element" && node.tagName === FORMULA_TAG) formulas.push(`${String(node.properties.mode)}:${String(node.properties.tex)}`);
    else if (node.type === "text") text += node.value;
    else if ("children" in node) node.children.forEach(visit);
  };
  visit(tree);
  return { formulas, text };
}

describe("maths delimiters", () => {
  it("reads \\(…\\) as an inline formula and \\[…\\] as a display one, on one line or several", () => {
    expect(formulasAndText(markdownToHast("Pythagoras: \\( a^2+b^2=c^2 \\), so."))).toEqual({
      formulas: ["inline:a^2+b^2=c^2"],
      text: "Pythagoras: , so.",
    });
    expect(formulasAndText(markdownToHast("\\[ \\int_0^1 x\\,dx \\]")).formulas).toEqual(["display:\\int_0^1 x\\,dx"]);
    expect(formulasAndText(markdownToHast("Then\n\n\\[\n\\sum_{i=1}^n i\n\\]\n\nend")).formulas).toEqual(["display:\\sum_{i=1}^n i"]);
    expect(formulasAndText(markdownToHast("Quoted:\n\n> \\[\n> \\sum_{i=1}^n i\n> \\]\n\nend")).formulas).toEqual([
      "display:\\sum_{i=1}^n i",
    ]);
  });

  it("shows a $$…$$ alone in its paragraph as a display formula, and one inside a sentence inline", () => {
    expect(formulasAndText(markdownToHast("$$\\sum_{i=1}^n i$$")).formulas).toEqual(["display:\\sum_{i=1}^n i"]);
    expect(formulasAndText(markdownToHast("where $$x$$ is given")).formulas).toEqual(["inline:x"]);
  });

  it("keeps prices as text (pandoc's rule) and still reads $…$ formulas", () => {
    expect(formulasAndText(markdownToHast("Price is $5 and $10 today."))).toEqual({ formulas: [], text: "Price is $5 and $10 today." });
    expect(formulasAndText(markdownToHast("It costs $ 5 $ or $x$ more."))).toEqual({ formulas: ["inline:x"], text: "It costs $ 5 $ or  more." });
  });

  it("reads a formula that follows a price in its paragraph, and keeps the price's dollar where it is", () => {
    expect(formulasAndText(markdownToHast("It costs $5 to compute, or $2^n$ steps."))).toEqual({
      formulas: ["inline:2^n"],
      text: "It costs $5 to compute, or  steps.",
    });
    expect(formulasAndText(markdownToHast("So $2$ and $5.50, then $x$"))).toEqual({ formulas: ["inline:2", "inline:x"], text: "So  and $5.50, then " });
    // An escaped dollar inside a formula is its TeX's.
    expect(formulasAndText(markdownToHast("Costs $\\$100 \\times 1.05$ a year, or \\$105."))).toEqual({
      formulas: ["inline:\\$100 \\times 1.05"],
      text: "Costs  a year, or $105.",
    });
    // A price range: its second dollar is before a digit, so it closes nothing.
    expect(formulasAndText(markdownToHast("Price: $20-$30 a night, and $x$."))).toEqual({ formulas: ["inline:x"], text: "Price: $20-$30 a night, and ." });
    expect(formulasAndText(markdownToHast("`$5 x $` and $5-$10 and \\$5"))).toEqual({ formulas: [], text: "$5 x $ and $5-$10 and $5" });
    expect(links(markdownToHast("[Buy](https://shop.example/?p=$5) for $5, or $y$"))).toEqual(["https://shop.example/?p=$5"]);
    expect(formulasAndText(markdownToHast("😀 $5 and $y$, then $x + $5 y$"))).toEqual({ formulas: ["inline:y", "inline:x + $5 y"], text: "😀 $5 and , then " });
  });

  it("leaves escaped brackets that hold no maths as brackets", () => {
    expect(formulasAndText(markdownToHast("See [\\[1\\]](#c1), \\[citation needed\\] and \\(see below\\)."))).toEqual({
      formulas: [],
      text: "See [1], [citation needed] and (see below).",
    });
    expect(formulasAndText(markdownToHast("where \\(n\\) is the count")).formulas).toEqual(["inline:n"]);
  });

  it("leaves code spans, fenced code and escaped backslashes as they are", () => {
    const tree = markdownToHast("Use `\\(x\\)` and \\\\(y\\\\) here.\n\n```tex\n\\[ z \\]\n```");
    const { formulas, text } = formulasAndText(tree);
    expect(formulas).toEqual([]);
    expect(text).toContain("\\(x\\)");
    expect(text).toContain("\\(y\\)");
    expect(text).toContain("\\[ z \\]");
  });
});

/** A tree as HTML-like markup: tags and text, without attributes, positions or the line endings between blocks. */
function markup(tree: Root | RootContent): string {
  if (tree.type === "text") return tree.value === "\n" ? "" : tree.value;
  if (tree.type === "element") return `<${tree.tagName}>${tree.children.map(markup).join("")}</${tree.tagName}>`;
  return "children" in tree ? tree.children.map(markup).join("") : "";
}

describe("HTML in the text", () => {
  it("shows it as the text it is, so that nothing written is lost", () => {
    expect(markup(markdownToHast("A Vec<String> or List<T>, and a < b > c."))).toBe(
      "<p>A Vec<String> or List<T>, and a < b > c.</p>",
    );
    // One text, as the streaming view grows it (appendToOpenBlock.ts).
    expect(markdownToHast("A Vec<String> here").children[0]).toMatchObject({ children: [{ type: "text", value: "A Vec<String> here" }] });
    expect(markup(markdownToHast("<div>\n<script>alert(1)</script>\n</div>\n\nAfter."))).toBe(
      "<p><div><br></br><script>alert(1)</script><br></br></div></p><p>After.</p>",
    );
    expect(markup(markdownToHast('Press <kbd onclick="x()">K</kbd> <img src=x onerror=alert(1)>'))).toBe(
      '<p>Press <kbd onclick="x()">K</kbd> <img src=x onerror=alert(1)></p>',
    );
  });

  it("breaks a line at <br> (models write it in table cells) and hides comments", () => {
    expect(markup(markdownToHast("| a | b |\n|---|---|\n| one<br>two | x<BR />y |"))).toBe(
      "<table><thead><tr><th>a</th><th>b</th></tr></thead><tbody><tr><td>one<br></br>two</td><td>x<br></br>y</td></tr></tbody></table>",
    );
    expect(markup(markdownToHast("Shown <!-- not shown --> text"))).toBe("<p>Shown  text</p>");
  });

  it("marks text with the tags GitHub allows for it, when they open and close in one paragraph", () => {
    expect(markup(markdownToHast("H<sub>2</sub>O, x<SUP>2</SUP>, <kbd>Ctrl</kbd>+<kbd>C</kbd>, <b>**bold** text</b>"))).toBe(
      "<p>H<sub>2</sub>O, x<sup>2</sup>, <kbd>Ctrl</kbd>+<kbd>C</kbd>, <b><strong>bold</strong> text</b></p>",
    );
    expect(markup(markdownToHast("An <sub>unclosed tag\n\nand </sub> a <span>span</span>"))).toBe(
      "<p>An <sub>unclosed tag</p><p>and </sub> a <span>span</span></p>",
    );
  });
});
