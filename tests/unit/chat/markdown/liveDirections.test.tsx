/** Lists and quotes take their direction from their text, also while they stream without React. */
import { render } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { preloadMarkdown } from "../../../../src/chat/markdown/markdownLoader";
import { LiveStreamingMarkdown } from "../../../../src/chat/markdown/StreamingMarkdown";
import { expectSameAsFresh, renderedByReact, textSource } from "../../utils/liveMarkdown";

beforeAll(() => preloadMarkdown());

describe("the direction of lists and quotes", () => {
  it("is their text's (dir=auto) in a streaming list, which still grows without React", () => {
    const { source, set } = textSource();
    const { container } = render(<LiveStreamingMarkdown source={source} />);
    set("Steps:\n\n1. פריט ראשון\n2. פריט");
    const list = container.querySelector("ol")!;
    expect(list).toHaveAttribute("dir", "auto");
    expect(renderedByReact(list)).toBe(false);
    set("Steps:\n\n1. פריט ראשון\n2. פריט שני\n3. שלישי");
    expect(container.querySelector("ol")).toBe(list);
    expect(list.querySelectorAll("li")).toHaveLength(3);
    expectSameAsFresh(container, "Steps:\n\n1. פריט ראשון\n2. פריט שני\n3. שלישי");
  });

  it("is their text's in a quote", () => {
    const { source, set } = textSource();
    const { container } = render(<LiveStreamingMarkdown source={source} />);
    set("> ציטוט קצר\n\nAfter");
    expect(container.querySelector("blockquote")).toHaveAttribute("dir", "auto");
  });
});
