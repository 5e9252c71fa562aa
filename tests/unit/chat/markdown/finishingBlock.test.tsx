import { render } from "@testing-library/react";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { preloadMarkdown } from "../../../../src/chat/markdown/markdownLoader";
import * as pipeline from "../../../../src/chat/markdown/markdownPipeline";
import { LiveStreamingMarkdown, StreamingMarkdown } from "../../../../src/chat/markdown/StreamingMarkdown";
import { textSource } from "../../utils/liveMarkdown";

// Counts the parses while keeping them real.
vi.mock("../../../../src/chat/markdown/markdownPipeline", async (importOriginal) => {
  const original = await importOriginal<typeof pipeline>();
  return { ...original, markdownToHast: vi.fn(original.markdownToHast) };
});
const parses = vi.mocked(pipeline.markdownToHast);

beforeAll(() => preloadMarkdown());
beforeEach(() => {
  parses.mockClear();
});

describe("a block finished by the chunk that adds its last words", () => {
  it.each([
    ["a list", "1. Read the frames.\n2. Render once per", " frame.\n\n```ts\nconst"],
    ["a paragraph", "Here is the plan, in **three**", " steps.\n\n```ts\nconst"],
    ["a table", "| Step | Cost |\n|---|---|\n| parse |", " small |\n\n```ts\nconst"],
  ])("is not parsed again: %s grows by its last words, and the new code block needs no parse", (_, before, chunk) => {
    const { source, set } = textSource();
    const { container } = render(<LiveStreamingMarkdown source={source} />);
    set(before);
    parses.mockClear();
    set(before + chunk);
    expect(parses.mock.calls.map(([text]) => text)).toEqual([]);
    const fresh = render(<StreamingMarkdown text={before + chunk} />);
    expect(container.innerHTML).toBe(fresh.container.innerHTML);
  });

  it("is parsed whole when its last words change its markup", () => {
    const { source, set } = textSource();
    const { container } = render(<LiveStreamingMarkdown source={source} />);
    set("Some [words");
    parses.mockClear();
    set("Some [words](/docs)\n\nNext <br>");
    expect(parses.mock.calls.map(([text]) => text)).toEqual(["Some [words](/docs)", "Next <br>"]);
    expect(container.querySelector("a")).toHaveTextContent("words");
  });
});
