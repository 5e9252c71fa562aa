import { describe, expect, it } from "vitest";
import { endsInsideFence, walkFences } from "../../../../src/chat/markdown/outsideFences";

describe("fenced code blocks", () => {
  it("closes a block only with a fence of its character, as long or longer, and nothing after it", () => {
    const seen: string[] = [];
    walkFences(["```text", "outer", "```js", "inner", "````", "after"], (line, code, fence) =>
      seen.push(`${line}: ${code ? (fence ?? "code") : "text"}`),
    );
    expect(seen).toEqual([
      "```text: opens",
      "outer: code",
      "```js: code",
      "inner: code",
      "````: closes",
      "after: text",
    ]);
    expect(endsInsideFence("~~~\nx\n```\ny")).toBe(true);
    expect(endsInsideFence("```\nx\n```   \ny")).toBe(false);
  });
});
