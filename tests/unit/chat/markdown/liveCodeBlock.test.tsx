import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { Toaster } from "../../../../src/app/toast/Toaster";
import { COPIED_ICON, COPY_ICON } from "../../../../src/chat/markdown/codeBlockCopy";
import { preloadMarkdown } from "../../../../src/chat/markdown/markdownLoader";
import { LiveStreamingMarkdown } from "../../../../src/chat/markdown/StreamingMarkdown";
import { renderedByReact, textSource } from "../../utils/liveMarkdown";

beforeAll(() => preloadMarkdown());
afterEach(() => vi.restoreAllMocks());

describe("a code block in a streaming answer", () => {
  it("is shown without React once its opening line is whole, with its language; its code grows in place", () => {
    const { source, set } = textSource();
    const { container } = render(<LiveStreamingMarkdown source={source} />);
    set("Steps.\n\n```");
    expect(container.querySelector(".code-block")).toBeNull();
    set("Steps.\n\n```ts");
    expect(container.querySelector(".code-block")).toBeNull();
    set("Steps.\n\n```ts\nconst");
    const block = container.querySelector(".code-block")!;
    expect(renderedByReact(block)).toBe(false);
    expect(within(block as HTMLElement).getByText("ts")).toBeInTheDocument();
    const code = block.querySelector("pre > code.language-ts")!;
    const text = code.firstChild as Text;
    set("Steps.\n\n```ts\nconst total = 1;\nreturn");
    expect(container.querySelector(".code-block")).toBe(block);
    expect(code.firstChild).toBe(text);
    expect(text.data).toBe("const total = 1;\nreturn\n");
  });

  it("copies its code with the toast, and shows the copied icon for a moment", async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, "writeText").mockResolvedValue();
    const { source, set } = textSource();
    render(
      <>
        <LiveStreamingMarkdown source={source} />
        <Toaster />
      </>,
    );
    set("```python\nprint('hi')");
    const button = screen.getByRole("button", { name: "Copy code" });
    expect(button).toHaveAttribute("title", "Copy code");
    await user.click(button);
    expect(writeText).toHaveBeenCalledWith("print('hi')");
    expect(await screen.findByText("Copied to clipboard")).toBeInTheDocument();
    expect(button.querySelector("path")).toHaveAttribute("d", COPIED_ICON);
    await vi.waitFor(() => expect(button.querySelector("path")).toHaveAttribute("d", COPY_ICON), { timeout: 3000 });
  });
});
