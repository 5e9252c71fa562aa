import { render } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { preloadMarkdown } from "../../../../src/chat/markdown/markdownLoader";
import { withoutPendingTableHeader } from "../../../../src/chat/markdown/pendingTableHeader";
import { LiveStreamingMarkdown } from "../../../../src/chat/markdown/StreamingMarkdown";
import { textSource } from "../../utils/liveMarkdown";
import { expectOnlyGrows } from "../../utils/onlyGrows";

beforeAll(() => preloadMarkdown());

const table =
  "Compared:\n\n| Algorithm | Best | Average |\n|:---|---:|---|\n| Quicksort | n log n | n log n |\n| Bubble | n | n² |\n\nThat is all.";

describe("withoutPendingTableHeader", () => {
  it("holds back a header row until its delimiter row has arrived in full", () => {
    expect(withoutPendingTableHeader("Compared:\n\n| Algo")).toBe("Compared:\n\n");
    expect(withoutPendingTableHeader("Compared:\n\n| Algorithm | Best |\n")).toBe("Compared:\n\n");
    expect(withoutPendingTableHeader("Compared:\n\n| Algorithm | Best |\n|:--")).toBe("Compared:\n\n");
    expect(withoutPendingTableHeader("Compared:\n\n| Algorithm | Best |\n|:---|---:|")).toBe("Compared:\n\n");
    expect(withoutPendingTableHeader("|")).toBe("");
    // A table may interrupt a paragraph: the header waits there too.
    expect(withoutPendingTableHeader("Compared:\n| Algorithm |")).toBe("Compared:\n");
    // In a block quote, and in a list item (indented).
    expect(withoutPendingTableHeader("> Quoted:\n>\n> | a | b |\n> |---|-")).toBe("> Quoted:\n>\n");
    expect(withoutPendingTableHeader("- Outer\n  - Inner:\n\n    | a | b |\n    |---|")).toBe("- Outer\n  - Inner:\n\n");
    expect(withoutPendingTableHeader("- Outer\n\n    ")).toBe("- Outer\n\n");
  });

  it("shows everything once the delimiter row is whole, and the rows that follow as they come", () => {
    for (const text of [
      "| Algorithm | Best |\n|:---|---:|\n",
      "| Algorithm | Best |\n|:---|---:|\n| Quick",
      "| Algorithm | Best |\n|:---|---:|\n| Quicksort | n |\n",
      "| Algorithm | Best |\n|:---|---:|\n| Quicksort | n |\n|",
      "> | a | b |\n> |---|---|\n> | 1 |",
      "- Item:\n\n  | a | b |\n  |---|---|\n",
    ])
      expect(withoutPendingTableHeader(text)).toBe(text);
  });

  it("shows a pipe line that turned out not to be a table, and pipes inside code", () => {
    for (const text of [
      "| not a header\nbut a paragraph",
      "| not a header\nbut a",
      "Words only, no pipes",
      "```sh\nls | wc -l\n",
      "```sh\ncat x\n| grep y",
      "~~~\n| a | b |\n",
    ])
      expect(withoutPendingTableHeader(text)).toBe(text);
  });

  it("only ever grows: what a text shows is a prefix of what any longer text shows", () => {
    const answers = [
      table,
      "Pipes in code:\n\n```sh\nls | wc -l\n| tail\n```\n\n| A | B |\n|---|---|\n| 1 | 2 |\n",
      "| x\ny\n\n| a |\n|---|\n| 1 |",
      "> Quoted:\n>\n> | a | b |\n> |---|---|\n> | 1 | 2 |\n\n- Outer\n  - Inner:\n\n    | a | b |\n    |---|---|\n    | 1 | 2 |",
    ];
    expectOnlyGrows(withoutPendingTableHeader, answers);
  });
});

describe("a table streamed into a live answer", () => {
  it("never shows a header row in a block quote or a list item as a paragraph of pipes either", () => {
    for (const answer of [
      "> Quoted:\n>\n> | Name | Size |\n> |---|---:|\n> | a | 1 |\n",
      "- Outer\n  - Inner:\n\n    | Name | Size |\n    |---|---:|\n    | a | 1 |\n",
    ]) {
      const { source, set } = textSource();
      const { container, unmount } = render(<LiveStreamingMarkdown source={source} />);
      for (let end = 1; end <= answer.length; end++) {
        set(answer.slice(0, end));
        const pipes = [...container.querySelectorAll("p")].filter((p) => p.textContent?.includes("|"));
        expect(pipes.map((p) => p.textContent), JSON.stringify(answer.slice(0, end))).toEqual([]);
      }
      expect([...container.querySelectorAll("th")].map((th) => th.textContent)).toEqual(["Name", "Size"]);
      unmount();
    }
  });

  it("never shows its header row as a paragraph of pipes: the table appears with its header", () => {
    const { source, set } = textSource();
    const { container, unmount } = render(<LiveStreamingMarkdown source={source} />);
    let sawTable = false;
    for (let end = 1; end <= table.length; end++) {
      set(table.slice(0, end));
      const pipeParagraphs = [...container.querySelectorAll("p")].filter((p) =>
        p.textContent?.trimStart().startsWith("|"),
      );
      expect(
        pipeParagraphs.map((p) => p.textContent),
        JSON.stringify(table.slice(0, end)),
      ).toEqual([]);
      const headers = [...container.querySelectorAll("th")].map((th) => th.textContent);
      if (headers.length > 0) {
        sawTable = true;
        expect(headers).toEqual(["Algorithm", "Best", "Average"]);
      }
    }
    expect(sawTable).toBe(true);
    expect(container.querySelectorAll("tbody tr")).toHaveLength(2);
    unmount();
  });
});
