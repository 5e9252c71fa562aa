import { parse } from "micromark";
import { gfm } from "micromark-extension-gfm";
import { math } from "micromark-extension-math";
import { combineExtensions } from "micromark-util-combine-extensions";
import { describe, expect, it } from "vitest";
import { combineExtensions as combineExtensionsOnce } from "../../../../src/chat/markdown/combineExtensionsOnce";
import { combineExtensions as combineAnew } from "../../../../node_modules/micromark-util-combine-extensions/index.js";
import { markdownToHast } from "../../../../src/chat/markdown/markdownPipeline";
import { hastText } from "../../../../src/chat/markdown/hastText";

describe("combineExtensionsOnce", () => {
  it("stands in for the package, micromark's parser included", () => {
    expect(combineExtensions).toBe(combineExtensionsOnce);
    const extensions = [gfm(), math()];
    expect(parse({ extensions }).constructs).toBe(parse({ extensions }).constructs);
  });

  it("merges a list once, into what the package merges", () => {
    const [first, second] = [gfm(), math()];
    const merged = combineExtensionsOnce([first, second]);
    expect(combineExtensionsOnce([first, second])).toBe(merged);
    expect(merged).toEqual(combineAnew([first, second]));
    // Another list, or the same extensions in another order, is merged anew.
    expect(combineExtensionsOnce([second, first])).not.toBe(merged);
    expect(combineExtensionsOnce([first])).not.toBe(merged);
  });

  it("keeps no document's state: a definition does not carry over to the next parse", () => {
    const defined = markdownToHast("[docs]: https://example.com/docs\n\nSee [docs].");
    expect(JSON.stringify(defined)).toContain('"href":"https://example.com/docs"');
    const undefinedLabel = markdownToHast("See [docs].");
    expect(JSON.stringify(undefinedLabel)).not.toContain("href");
    expect(hastText(undefinedLabel)).toBe("See [docs].");
  });
});
