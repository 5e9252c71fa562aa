import { render, waitFor } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { katexStore } from "../../../../src/chat/markdown/katexLoader";
import { preloadMarkdown } from "../../../../src/chat/markdown/markdownLoader";
import { LiveStreamingMarkdown } from "../../../../src/chat/markdown/StreamingMarkdown";
import { textSource } from "../../utils/liveMarkdown";

// A file of its own: KaTeX is loaded once per page, and here no formula was shown before.
beforeAll(() => preloadMarkdown());

describe("a formula streaming into a live answer before KaTeX was ever loaded", () => {
  it("starts loading KaTeX at the formula's opening dollar, so the formula is typeset when it shows, not shown as TeX first", async () => {
    const { source, set } = textSource();
    const { container } = render(<LiveStreamingMarkdown source={source} />);
    set("Prices are plain text, and so");
    set("Prices are plain text, and so is this: ");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(katexStore.getState().renderTex).toBeNull();
    set("Prices are plain text, and so is this: $E");
    set("Prices are plain text, and so is this: $E = m");
    // The formula waits for its end; KaTeX is on its way meanwhile.
    await waitFor(() => expect(katexStore.getState().renderTex).not.toBeNull());
    expect(container.textContent?.trim()).toBe("Prices are plain text, and so is this:");
    set("Prices are plain text, and so is this: $E = mc^2$ holds");
    expect(container.querySelector(".math-source")).toBeNull();
    expect(container.querySelector(".math-inline .katex")).not.toBeNull();
  });
});
