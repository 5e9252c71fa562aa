import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, it, onTestFinished, vi } from "vitest";
import { preloadMarkdown } from "../../../../src/chat/markdown/markdownLoader";
import { Toaster } from "../../../../src/app/toast/Toaster";
import { MarkdownContent } from "../../../../src/chat/markdown/MarkdownContent";

afterEach(() => vi.restoreAllMocks());

const hostile = [
  "<script>window.hacked = true</script>",
  '<img src="x" onerror="window.hacked = true">',
  "[click me](javascript:alert(1))",
  '<a href="javascript:alert(2)">raw link</a>',
  '<iframe src="https://evil.example"></iframe>',
  "![pic](javascript:alert(3))",
  '<b onclick="x()">bold?</b>',
].join("\n\n");

// The renderer loads on demand (plain text until then); these tests are about its output.
beforeAll(() => preloadMarkdown());

describe("markdown", () => {
  it("never lets scripts, event handlers or javascript: links reach the DOM", () => {
    const { container } = render(<MarkdownContent text={hostile} />);
    expect(container.querySelector("script, iframe, [onclick]")).toBeNull();
    for (const element of container.querySelectorAll("*")) {
      for (const attribute of element.attributes) {
        expect(attribute.name.startsWith("on"), `${element.tagName} ${attribute.name}`).toBe(false);
        expect(attribute.value.toLowerCase()).not.toContain("javascript:");
      }
    }
    expect((window as unknown as { hacked?: boolean }).hacked).toBeUndefined();
  });

  it("shows this site's images, and another site's as a link to it (the page does not load them)", () => {
    const { container } = render(
      <MarkdownContent
        text={`A tram: ![Lisbon tram](https://images.example/tram.jpg)\n\n![Chart](/generatedImages/c1/s1/k1/chart.png)\n\n![](https://images.example/untitled.png) and ![Here](${window.location.origin}/logo.png)`}
      />,
    );
    expect([...container.querySelectorAll("img")].map((img) => img.getAttribute("src"))).toEqual([
      "/generatedImages/c1/s1/k1/chart.png",
      `${window.location.origin}/logo.png`,
    ]);
    const tram = screen.getByRole("link", { name: "Lisbon tram" });
    expect(tram).toHaveAttribute("href", "https://images.example/tram.jpg");
    expect(tram).toHaveAttribute("target", "_blank");
    expect(screen.getByRole("link", { name: "https://images.example/untitled.png" })).toBeInTheDocument();
  });

  it("takes an image address that does not start with https:// but leads to another site for another site's", () => {
    const { container } = render(
      <MarkdownContent
        text={"![a](//leak.example/a.png?q=secret) ![b](https:/leak.example/b.png) ![c](https:leak.example/c.png)"}
      />,
    );
    expect(container.querySelectorAll("img")).toHaveLength(0);
    expect(screen.getAllByRole("link").map((link) => link.getAttribute("href"))).toEqual([
      "//leak.example/a.png?q=secret",
      "https:/leak.example/b.png",
      "https:leak.example/c.png",
    ]);
  });

  it("renders GitHub-flavoured markdown: tables, strikethrough, task lists, autolinks", () => {
    const { container } = render(
      <MarkdownContent
        text={"| a | b |\n|---|---|\n| 1 | 2 |\n\n~~old~~ new\n\n- [x] done\n- [ ] to do\n\nSee https://example.com/x."}
      />,
    );
    expect(screen.getByRole("table")).toHaveTextContent("ab12");
    expect(container.querySelector(".table-wrap > table")).not.toBeNull();
    expect(container.querySelector("del")).toHaveTextContent("old");
    expect(container.querySelectorAll('input[type="checkbox"]')).toHaveLength(2);
    expect(screen.getByRole("link", { name: "https://example.com/x" })).toHaveAttribute(
      "href",
      "https://example.com/x",
    );
  });

  it("opens external links in a new tab without an opener, keeps same-page anchors", () => {
    render(<MarkdownContent text={"[docs](https://example.com/docs) and [up](#top)"} />);
    const link = screen.getByRole("link", { name: "docs" });
    expect(link).toHaveAttribute("target", "_blank");
    expect(link).toHaveAttribute("rel", "noopener noreferrer");
    expect(screen.getByRole("link", { name: "up" })).not.toHaveAttribute("target");
  });

  it("takes a footnote's link to its note in the same answer and back, and the keyboard with it", async () => {
    const note = "A claim.[^1]\n\n[^1]: The source.";
    render(
      <>
        <section aria-label="first answer">
          <MarkdownContent text={note} />
        </section>
        <section aria-label="second answer">
          <MarkdownContent text={note} />
        </section>
      </>,
    );
    // jsdom has no scrollIntoView (and no layout): the elements asked to come into view.
    const scrolledTo: Element[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolledTo.push(this);
    };
    onTestFinished(() => {
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    });
    const second = within(screen.getByRole("region", { name: "second answer" }));
    await userEvent.click(second.getByRole("link", { name: "1" }));
    const noteItem = second.getByText("The source.").closest("li")!;
    expect(scrolledTo).toEqual([noteItem]);
    expect(noteItem).toHaveAttribute("id", "user-content-fn-1");
    const back = second.getByRole("link", { name: "Back to reference 1" });
    expect(back).toHaveFocus();
    await userEvent.click(back);
    expect(scrolledTo).toEqual([noteItem, second.getByRole("link", { name: "1" })]);
    expect(second.getByRole("link", { name: "1" })).toHaveFocus();
  });

  it("copies through a selection where the Clipboard API is missing, and says so when that fails too", async () => {
    const user = userEvent.setup();
    const clipboard = Object.getOwnPropertyDescriptor(navigator, "clipboard");
    Object.defineProperty(navigator, "clipboard", { configurable: true, value: undefined });
    const copied: string[] = [];
    let works = true;
    const execCommand = vi.fn((command: string) => {
      copied.push(`${command}: ${(document.activeElement as HTMLTextAreaElement).value}`);
      return works;
    });
    Object.defineProperty(document, "execCommand", { configurable: true, value: execCommand });
    onTestFinished(() => {
      if (clipboard) Object.defineProperty(navigator, "clipboard", clipboard);
      else Reflect.deleteProperty(navigator, "clipboard");
      Reflect.deleteProperty(document, "execCommand");
    });
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    render(
      <>
        <MarkdownContent text={"```python\nprint('hi')\n```"} />
        <Toaster />
      </>,
    );
    const copy = screen.getByRole("button", { name: "Copy code" });
    await user.click(copy);
    expect(copied).toEqual(["copy: print('hi')"]);
    expect(await screen.findByText("Copied to clipboard")).toBeInTheDocument();
    expect(copy).toHaveFocus();
    expect(document.querySelector("textarea")).toBeNull();

    works = false;
    await user.click(copy);
    expect(await screen.findByText("Could not copy to the clipboard.")).toBeInTheDocument();
  });

  it("shows a code block's language and copies its code with a toast", async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, "writeText").mockResolvedValue();
    render(
      <>
        <MarkdownContent text={"```python\nprint('hi')\n```"} />
        <Toaster />
      </>,
    );
    const block = document.querySelector(".code-block") as HTMLElement;
    expect(within(block).getByText("python")).toBeInTheDocument();
    await user.click(within(block).getByRole("button", { name: "Copy code" }));
    expect(writeText).toHaveBeenCalledWith("print('hi')");
    expect(await screen.findByText("Copied to clipboard")).toBeInTheDocument();
  });
});
