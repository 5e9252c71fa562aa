import type { Element, Root, RootContent } from "hast";
import { describe, expect, it } from "vitest";
import { markdownToHast } from "../../../../src/chat/markdown/markdownPipeline";

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

  it("keeps each answer's reference definitions and footnotes to itself", () => {
    const first = markdownToHast("A [ref] and a note[^n].\n\n[ref]: https://a.example\n\n[^n]: The note.");
    expect(links(first)).toEqual(["https://a.example", "#user-content-fn-n", "#user-content-fnref-n"]);
    const second = markdownToHast("A [ref] and a note[^n].");
    expect(links(second)).toEqual([]);
  });
});
