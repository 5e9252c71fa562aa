import { describe, expect, it } from "vitest";
import { generateTitle, titleFromQuestion } from "../../../../src/server/features/userConversations/titles";
import type { ModelProvider } from "../../../../src/server/llm/types";

/** A model that answers the title request with `reply`. */
const replying = (reply: string): ModelProvider => ({
  type: "openai",
  async *stream() {
    yield { type: "text", text: reply };
  },
});

const titleFor = (reply: string) =>
  generateTitle(replying(reply), "fake-model", "What is a good title?", "An answer.", new AbortController().signal);

describe("conversation titles from the model", () => {
  it.each([
    ['"Planning a trip to Lisbon"', "Planning a trip to Lisbon"],
    ["“Planning a trip to Lisbon”", "Planning a trip to Lisbon"],
    ["'Lisbon trip'", "Lisbon trip"],
    ["## **Lisbon trip.**", "Lisbon trip"],
    ["Lisbon trip.\nA second line", "Lisbon trip"],
    // Emphasis and code marks inside the title go too; underscores inside words stay, and around one word
    // (a name such as __init__), as do the ones around words with a space between them.
    ["**Bold** title.", "Bold title"],
    ["Using `snake_case` *names*", "Using snake_case names"],
    ["__init__ files ~~explained~~", "__init__ files explained"],
    ["__init__ method in Python", "__init__ method in Python"],
    ["_Italic title_", "Italic title"],
    ["[Link title](http://example.com)", "Link title"],
    ["- Bullet title", "Bullet title"],
    ["1. Numbered title", "Numbered title"],
    ["Title: Planning a trip", "Planning a trip"],
    ["'It's a title'", "It's a title"],
    ["«Guillemets»", "Guillemets"],
    ["東京旅行の計画。", "東京旅行の計画"],
    ["「京都の紅葉」", "京都の紅葉"],
    ["『源氏物語』の要約", "『源氏物語』の要約"],
    ["„Berliner Mauer“", "Berliner Mauer"],
    ["“Curly quoted”.", "Curly quoted"],
    ["'a' and 'b'", "'a' and 'b'"],
    ["Lisbon trip\r\nA second line", "Lisbon trip"],
    // Quotes that belong to the title stay.
    ['<b>html</b> & "quotes"', '<b>html</b> & "quotes"'],
    ['"Yes" or "No" answers', '"Yes" or "No" answers'],
    ['The "quoted" word', 'The "quoted" word'],
  ])("turns %j into %j", async (reply, title) => {
    expect(await titleFor(reply)).toBe(title);
  });

  it("falls back to the question when the model says nothing", async () => {
    expect(await titleFor("  ")).toBe("What is a good title?");
  });
});

describe("conversation titles from the question", () => {
  it("counts characters as the contract does and never cuts one in two", () => {
    // 30 emoji are 30 characters (60 UTF-16 units): the whole question is the title.
    expect(titleFromQuestion("😀".repeat(30))).toBe("😀".repeat(30));
    const long = titleFromQuestion("😀".repeat(60));
    expect([...long]).toHaveLength(50);
    expect(long).toBe(`${"😀".repeat(49)}…`);
    expect(long).not.toContain("\uFFFD");
    expect(titleFromQuestion(`${"word ".repeat(12)}end`)).toBe(`${"word ".repeat(9).trim()}…`);
  });

  it("cuts between graphemes: a flag, a family or an accented letter stays whole", () => {
    const flags = titleFromQuestion(`Flags ${"🇫🇷🇩🇪".repeat(30)}`);
    expect(flags).toMatch(/^Flags (🇫🇷🇩🇪)+(🇫🇷)?…$/u);
    expect([...flags].length).toBeLessThanOrEqual(50);
    const family = titleFromQuestion(`Family x ${"👨‍👩‍👧‍👦".repeat(10)}`);
    expect(family).toMatch(/^Family x (👨‍👩‍👧‍👦)+…$/u);
    const accents = titleFromQuestion("e\u0301".repeat(30));
    expect(accents).toBe(`${"e\u0301".repeat(24)}…`);
  });

  it("leaves out the question's markdown, as the model's title does", () => {
    expect(titleFromQuestion("# How do I sort a list?")).toBe("How do I sort a list?");
    expect(titleFromQuestion("**Bold** question about `code`")).toBe("Bold question about code");
  });
});
