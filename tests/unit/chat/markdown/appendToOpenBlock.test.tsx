import { render } from "@testing-library/react";
import type { Root } from "hast";
import { beforeAll, describe, expect, it } from "vitest";
import { preloadMarkdown } from "../../../../src/chat/markdown/markdownLoader";
import { appendListItems } from "../../../../src/chat/markdown/appendListItems";
import { appendTableRows } from "../../../../src/chat/markdown/appendTableRows";
import { appendToOpenBlock, type OpenBlockTree } from "../../../../src/chat/markdown/appendToOpenBlock";
import { markdownToHast } from "../../../../src/chat/markdown/markdownPipeline";
import { plainBlockTree } from "../../../../src/chat/markdown/plainBlockTree";
import {
  splitGrowingText,
  splitMarkdownBlocks,
  type MarkdownBlock,
} from "../../../../src/chat/markdown/splitMarkdownBlocks";
import { StreamingMarkdown } from "../../../../src/chat/markdown/StreamingMarkdown";
import { advanceStreamingRendering, type StreamingRendering } from "../../../../src/chat/markdown/streamingRendering";

/** The tree without source positions (the fast path only keeps the ones it relies on up to date). */
function shape(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(shape);
  if (node === null || typeof node !== "object") return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key]) => key !== "position")
      .map(([key, value]) => [key, shape(value)]),
  );
}

/** Realistic answers: prose, lists, code, tables, maths, links, quotes, headings, HTML and definitions. */
const answers = [
  "Here is the plan, in **three** steps.\n\n1. Read the frames as they arrive.\n2. Append each chunk.\n3. Render once per frame.\n\n" +
    "```ts\nconst total = chunks.reduce((sum, chunk) => sum + chunk.length, 0);\n```\n\n" +
    "| Step | Cost |\n|---|---|\n| parse | small |\n| render | smaller |\n\nThe cost grows as $O(n)$ in the last block only. ",
  "# Plan\n\nSome **bold** text\nover two lines.\n\n```ts\nconst a = 1;\n\nconst b = 2;\n```\n\n$$\nx\n\ny\n$$\n\n" +
    "- one\n\n  continued\n- two\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\nThe end.",
  "Intro line\n+ item one\n+ item two\n\nIntro\n1. first\n2. second\n\n2024 was a year. 12 apples, 3.5 pears.\n\n- 1\n- 1. nested",
  "Visit www.example.com today or https://example.com/a_b. Mail me at someone@example.org please.\n\nSee www.example.com. Then more.",
  "para\n<div>\npara more\n\n<!-- a comment that goes on\nand on -->\n\nAfter <span>inline</span> html and a < b > c.",
  "[a]: /url 'a title'\n\nUse [the link][a] and [^1].\n\n[^1]: The note text here.\n\n- [ ] to do\n- [x] done it",
  "Entities &amp; escapes \\* not emphasis \\_ nor this; a &copy; sign.\n\n_under_score and snake_case_name and *a*b and **bold**text.",
  "Title\n===\n\nSub title\n---\n\n## Closing hashes ##\n\n### Heading three words\n\n***\n\nText after a rule.",
  "    indented code line\n    second line\n\n~~~python\nprint('hi')  # a comment\n~~~\n\n```\nunclosed fence with `ticks` and <tags> & amps",
  "> A quote with lazy\ncontinuation and **bold**\n> > nested quote words\n\nEmoji 🎉 and CJK 漢字かな and accents éàü — dashes – and “quotes” … done.",
  "Maths $a + b$ inline, $$\\frac{1}{2}$$ display, and\n\n```math\nE = mc^2\n```\n\nHard  \nbreak and soft\nbreak, ~~struck~~ text.",
];

/** streamingRendering's fast paths, in its order. */
const grown = (previous: OpenBlockTree, text: string): Root | null =>
  appendToOpenBlock(previous, text) ?? appendTableRows(previous, text) ?? appendListItems(previous, text);

/**
 * `built` is the tree `parsed` is, and every source position it gives is the parser's (the fast
 * paths rely on those; a node without one is only ever a node they do not look at).
 */
function expectSameTree(built: unknown, parsed: unknown, label: string): void {
  expect(shape(built), label).toEqual(shape(parsed));
  const positions = (node: unknown, other: unknown): void => {
    if (node === null || typeof node !== "object") return;
    const { position, children } = node as { position?: unknown; children?: unknown[] };
    const twin = other as { position?: unknown; children?: unknown[] };
    if (position !== undefined)
      expect(position, `${label}: the position of ${JSON.stringify(shape(node))}`).toEqual(twin.position);
    children?.forEach((child, index) => positions(child, twin.children![index]));
  };
  positions(built, parsed);
}

/** Cuts `text` into chunks: at word boundaries (as models stream) or at random lengths. */
function chunksOf(text: string, random: () => number, byWord: boolean): string[] {
  if (byWord) return text.split(/(?<= )/);
  const chunks: string[] = [];
  for (let at = 0; at < text.length;) {
    const length = 1 + Math.floor(random() * 6);
    chunks.push(text.slice(at, at + length));
    at += length;
  }
  return chunks;
}

/** A deterministic generator, so that a failure can be reproduced. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const pieces = [
  "word",
  "words",
  "the",
  "1",
  "12",
  "1.",
  "2)",
  ".",
  ",",
  " ",
  " ",
  " ",
  "\n",
  "\n\n",
  "  \n",
  "*",
  "**",
  "_",
  "`",
  "```",
  "~~~",
  "~",
  "#",
  "## ",
  "- ",
  "+ ",
  "> ",
  "|",
  "| a ",
  "|---|",
  "[",
  "]",
  "](",
  ")",
  "(",
  "!",
  "<",
  "<div>",
  ">",
  "&",
  "&amp;",
  ";",
  "\\",
  "$",
  "$$",
  "=",
  "===",
  "---",
  "www.",
  "example.com",
  "@",
  "https://",
  ":",
  "]: ",
  "[^1]",
  "'",
  '"',
  "é",
  "🎉",
  "    ",
  "\t",
  "%",
  "/",
  "?",
  "2024",
  "x",
];

/** Pieces of tables: rows, cells, alignments, and lines that end a table or start another block. */
const tablePieces = [
  "| a ",
  "| b |",
  "|",
  "\n",
  "\n| ",
  " | ",
  "word",
  "more words",
  "**bold**",
  "`code`",
  "$x$",
  "[a](/u)",
  "www.x.com",
  "\\|",
  ":",
  "-",
  "---",
  "\n> quote",
  "\n# head",
  "\n- item",
  "\n1. one",
  "\n```",
  "\n    code",
  "\n\n",
  "<b>",
  "&amp;",
  "\n[a]: /url",
  "[a]",
  " ",
  "  ",
  "x",
  "1",
  "\t",
  "=",
  "\n===",
  "\n***",
  "~~s~~",
  "é",
];

/** Pieces of lists: markers of both kinds, nesting, lazy lines, task boxes and lines that end a list. */
const listPieces = [
  "\n- ",
  "\n* ",
  "\n+ ",
  "\n1. ",
  "\n2. ",
  "\n3) ",
  "\n10. ",
  "\n  - ",
  "\n   1. ",
  "\n-",
  "\n2.",
  "\n",
  "\n\n",
  "word",
  "more words",
  " ",
  "**bold**",
  "*",
  "`code`",
  "$x$",
  "[a](/u)",
  "[ ] ",
  "[x] ",
  "\nlazy",
  "\n# head",
  "\n> quote",
  "\n```",
  "\n    code",
  "\n---",
  "\n- - -",
  "\n[a]: /url",
  "[a]",
  "<b>",
  "&amp;",
  "1",
  ".",
  "\t",
  "é",
];

function randomList(random: () => number): string {
  let text = ["- ", "1. ", "* ", "3) "][Math.floor(random() * 4)]! + "first";
  const length = 10 + Math.floor(random() * 40);
  for (let i = 0; i < length; i++) text += listPieces[Math.floor(random() * listPieces.length)]!;
  return text;
}

function randomTable(random: () => number): string {
  const columns = 1 + Math.floor(random() * 3);
  const aligns = ["---", ":--", "--:", ":-:"];
  let text = `${"| h ".repeat(columns)}|\n${Array.from({ length: columns }, () => `|${aligns[Math.floor(random() * 4)]}`).join("")}|\n`;
  const length = 10 + Math.floor(random() * 40);
  for (let i = 0; i < length; i++) text += tablePieces[Math.floor(random() * tablePieces.length)]!;
  return text;
}

function randomAnswer(random: () => number): string {
  let text = "";
  const length = 20 + Math.floor(random() * 60);
  for (let i = 0; i < length; i++) text += pieces[Math.floor(random() * pieces.length)]!;
  return text;
}

/**
 * Streams `text` chunk by chunk the way StreamingMarkdown does (the open block extended when
 * possible) and checks every step against a full parse of the open block; returns how many
 * steps took the fast path.
 */
function streamAndCompare(text: string, chunks: string[]): { steps: number; fast: number } {
  let split: { text: string; blocks: MarkdownBlock[] } | null = null;
  let open = null as (OpenBlockTree & { start: number }) | null;
  let received = "";
  let steps = 0;
  let fast = 0;
  for (const chunk of chunks) {
    received += chunk;
    split = splitGrowingText(split, received);
    const block = split.blocks.at(-1);
    if (!block) continue;
    const extended: Root | null = open?.start === block.start ? grown(open, block.text) : null;
    const full = markdownToHast(block.text);
    if (extended) {
      fast++;
      expect(shape(extended), `${JSON.stringify(open!.text)} + ${JSON.stringify(block.text)}`).toEqual(shape(full));
    }
    const built = plainBlockTree(block.text);
    if (built) expectSameTree(built, full, JSON.stringify(block.text));
    steps++;
    open = { start: block.start, text: block.text, hast: extended ?? full };
  }
  expect(received).toBe(text);
  return { steps, fast };
}

// The renderer loads on demand (plain text until then); these tests are about its output.
beforeAll(() => preloadMarkdown());

describe("appending to the open block", () => {
  it("gives the tree a full parse gives, for real answers streamed by word and in random cuts", () => {
    const random = seeded(7);
    let fast = 0;
    let steps = 0;
    for (const answer of answers)
      for (const byWord of [true, false, false, false]) {
        const result = streamAndCompare(answer, chunksOf(answer, random, byWord));
        fast += result.fast;
        steps += result.steps;
      }
    // The fast path is really taken (most chunks only add words), not only ever declined.
    expect(fast / steps).toBeGreaterThan(0.4);
  }, 60_000);

  it("gives the tree a full parse gives, for random markdown-heavy text", () => {
    const random = seeded(42);
    for (let i = 0; i < 250; i++) {
      const answer = randomAnswer(random);
      streamAndCompare(answer, chunksOf(answer, random, i % 3 === 0));
    }
  }, 60_000);

  it("gives the tree a full parse gives, for random tables growing row by row", () => {
    const random = seeded(11);
    let fast = 0;
    let steps = 0;
    for (let i = 0; i < 80; i++) {
      const answer = randomTable(random);
      const result = streamAndCompare(answer, chunksOf(answer, random, i % 2 === 0));
      fast += result.fast;
      steps += result.steps;
    }
    expect(fast / steps).toBeGreaterThan(0.2);
  }, 60_000);

  it("gives the tree a full parse gives, for random lists growing item by item", () => {
    const random = seeded(5);
    let fast = 0;
    let steps = 0;
    for (let i = 0; i < 80; i++) {
      const answer = randomList(random);
      const result = streamAndCompare(answer, chunksOf(answer, random, i % 2 === 0));
      fast += result.fast;
      steps += result.steps;
    }
    expect(fast / steps).toBeGreaterThan(0.1);
  }, 60_000);

  it("parses again a line of dashes, stars or equals signs that one more could make a rule or an underline", () => {
    const grow = (text: string, more: string): Root | null => grown({ text, hast: markdownToHast(text) }, text + more);
    expect(shape(markdownToHast("--"))).not.toEqual(shape(markdownToHast("---")));
    for (const [text, more] of [
      ["--", "-"],
      ["Title\n=", "="],
      ["> **", "*"],
    ] as const)
      expect(grow(text, more), text).toBeNull();
  });

  it("adds to a table's last rows, a list's last items and after closed inline syntax without parsing the block again", () => {
    const grow = (text: string, more: string): Root | null => grown({ text, hast: markdownToHast(text) }, text + more);
    const table = "| Step | Cost |\n|---|:-:|\n| parse | small |";
    expect(shape(grow(table, "\n| render"))).toEqual(shape(markdownToHast(`${table}\n| render`)));
    expect(shape(grow(`${table}\n| render`, " | **smaller** |"))).toEqual(
      shape(markdownToHast(`${table}\n| render | **smaller** |`)),
    );
    expect(grow(table, "\n> a quote")).toBeNull(); // ends the table
    expect(grow("| a |\n|---|", "\n| b")).not.toBeNull();
    expect(grow("| a |\n|--", "-|")).toBeNull(); // the delimiter row is not a body row
    for (const [text, more] of [
      ["The cost grows as $O(n)$", " in"],
      ["Here is the plan, in **three**", " steps."],
      ["1. See [the docs](/docs)", " first"],
      ["## Use `npm`", " here"],
    ] as const)
      expect(shape(grow(text, more)), text).toEqual(shape(markdownToHast(text + more)));
    for (const [text, more] of [
      ["1. Read the frames.\n2. Append each", " chunk.\n3."],
      ["1. Read the frames.\n2. Append each chunk.\n3.", " Render"],
      ["- one\n- two", " **bold**\n  - nested"],
      // Loose lists (kept in one block while streaming) too, once loose.
      ["1. One.\n\n1. Two", " **bold**.\n\n1. Three"],
      ["- one\n\n- two\n  - nested", "\n\n- three `code`"],
    ] as const) {
      expect(appendListItems({ text, hast: markdownToHast(text) }, text + more), text).not.toBeNull();
      expect(shape(grow(text, more)), text).toEqual(shape(markdownToHast(text + more)));
    }
    expect(grow("- one\n- two", "\n\n  more")).toBeNull(); // a tight list turning loose: every item changes
    expect(grow("- one\n- two", "\n# Heading")).toBeNull(); // ends the list
    expect(grow("* one\n* two", "\n+ three")).toBeNull(); // another bullet starts another list
    expect(grow("1. one\n2. two", "\n3) three")).toBeNull();
    expect(grow("The cost $O(n)$", "in")).toBeNull(); // not after a space
    expect(grow("A **bold**", " *more")).toBeNull();
  });

  it("takes the fast path for words added to prose, list items, headings and code", () => {
    const extend = (text: string, more: string): Root | null =>
      appendToOpenBlock({ text, hast: markdownToHast(text) }, text + more);
    expect(extend("Here is the", " plan,")).not.toBeNull();
    expect(extend("1. Read the", " frames")).not.toBeNull();
    expect(extend("## A heading", " goes on")).not.toBeNull();
    expect(extend("A well", "-known (really): yes!")).not.toBeNull();
    expect(extend("```ts\nconst total", " = chunks.reduce((sum) => sum + 1, 0);")).not.toBeNull();
  });

  it("parses again where appending could change what came before", () => {
    const extend = (text: string, more: string): Root | null =>
      appendToOpenBlock({ text, hast: markdownToHast(text) }, text + more);
    expect(extend("Intro\n+", " item")).toBeNull(); // a list item interrupts the paragraph
    expect(extend("Intro\n1", ". first")).toBeNull();
    expect(extend("Visit www", ".example.com")).toBeNull(); // an autolink literal
    expect(extend("Write to someone", "@example.org")).toBeNull();
    expect(extend("Visit http", "://example.com")).toBeNull();
    expect(extend('See [a](/b "t"', ")")).toBeNull(); // closes a link
    expect(extend("para\n<div>\npara", " more")).toBeNull(); // the HTML block goes on
    expect(extend("[a]: /url 'a", " title'")).toBeNull(); // a definition in the making
    expect(extend("Title\n===", " x")).toBeNull(); // no longer a setext underline
    expect(extend("```ts", "x")).toBeNull(); // the info string
    expect(extend("```\ncode\n``", "`")).toBeNull(); // a closing fence
    expect(extend("snake_", "case")).toBeNull(); // emphasis flanking at the seam
    expect(extend("a &amp", ";")).toBeNull();
    expect(extend("Some text", "\nmore")).toBeNull();
  });

  it("renders a growing answer exactly as a fresh rendering of the same text", () => {
    for (const answer of answers.slice(0, 6)) {
      const { container, rerender, unmount } = render(<StreamingMarkdown text="" />);
      let received = "";
      for (const chunk of answer.split(/(?<= )/)) {
        received += chunk;
        rerender(<StreamingMarkdown text={received} />);
        const fresh = render(<StreamingMarkdown text={received} />);
        expect(container.innerHTML, JSON.stringify(received)).toBe(fresh.container.innerHTML);
        fresh.unmount();
      }
      unmount();
    }
  }, 60_000);

  it("keeps the elements of finished blocks (React skips them) and extends the open block's", () => {
    const answer = answers[0]!;
    let rendering: StreamingRendering | null = null;
    let received = "";
    let extended = 0;
    let kept = 0;
    // Cut after every space and line break, as a model streams blank lines on their own.
    for (const chunk of answer.split(/(?<=\s)/)) {
      received += chunk;
      const previous: StreamingRendering | null = rendering;
      rendering = advanceStreamingRendering(previous, received);
      if (!previous) continue;
      const finished = previous.split.blocks.length - 1;
      for (let index = 0; index < finished; index++) expect(rendering.elements[index]).toBe(previous.elements[index]);
      // The block that just finished as it was keeps the element it had while open (no parse, no new DOM).
      if (previous.open && rendering.split.blocks[finished]?.text === previous.open.text) {
        expect(rendering.elements[finished]).toBe(previous.open.element);
        kept++;
      }
      if (rendering.open && previous.open && rendering.open.hast !== previous.open.hast) {
        const parsed = shape(markdownToHast(rendering.open.text));
        expect(shape(rendering.open.hast)).toEqual(parsed);
        if (previous.open.start === rendering.open.start) extended++;
      }
    }
    expect(extended).toBeGreaterThan(20);
    expect(kept).toBeGreaterThan(0);
  });
});

describe("building simple blocks without the parser", () => {
  it("builds the parser's tree for prose, headings, lists, code blocks and tables of plain words", () => {
    for (const text of [
      "The",
      "Here is the plan, in **three** steps.",
      "The cost grows as $O(n)$",
      "Use `npm ci`, then *run* the __tests__ and ~~not~~ this: well-known (really) + more = done!",
      "2024 was a year. 3.5 pears, 12 apples.\nA second line “quoted” – and … more",
      "| Step | Cost",
      "## Plan for `x`",
      "1.",
      "1. Read the frames as they arrive.\n2.",
      "3) three\n4) four",
      "- a\n-",
      "```ts\nconst total = chunks.reduce((sum, chunk) => sum + chunk.length, 0);\n\n<b>&amp;</b>",
      "```",
      "~~~py",
      "```ts\nconst total = 1;\n```",
      "~~~~\nx\n~~~~",
      "| Step | Cost |\n|---|:-:|\n| parse | small |\n|",
      "| A |\n|--:|",
    ]) {
      const built = plainBlockTree(text);
      expect(built, JSON.stringify(text)).not.toBeNull();
      expectSameTree(built, markdownToHast(text), JSON.stringify(text));
    }
  });

  it("leaves to the parser whatever it does not recognise", () => {
    for (const text of [
      "snake_case and *a*b",
      "costs $5 and $10",
      "a `` b `` c",
      "Intro\n+ item",
      "Intro\n1. first",
      "Hard  \nbreak",
      "Visit www.example.com",
      "See https://example.com",
      "Mail someone@example.org",
      "a <b>bold</b> word",
      "a &amp; b",
      "a \\* b",
      "[link](/u) here",
      "Title\n===",
      "# Closing #",
      "    indented code",
      "> a quote",
      "```math\nE = mc^2",
      "```\ncode\n```\nText after",
      "```\ncode\n````",
      "| a |\n|---|---|",
      "- [ ] a task",
      "* one\n- two",
      "$$\nx",
    ])
      expect(plainBlockTree(text), JSON.stringify(text)).toBeNull();
  });

  it("builds the parser's tree for random prose, headings, lists, code and tables, or declines", () => {
    const random = seeded(3);
    // Mostly what the builder takes, some of what it must decline.
    const plainBits = [
      "word",
      "words",
      "The",
      "2024",
      "3.5",
      ".",
      ",",
      ":",
      ";",
      "(",
      ")",
      "-",
      "!",
      "?",
      "'",
      '"',
      "**bold**",
      "*em*",
      "_u_",
      "__s__",
      "~~d~~",
      "`c`",
      "`a*b`",
      "$x$",
      "$\\frac{1}{2}$",
      "\n",
      "é",
      "漢字",
      "“",
      "”",
      "…",
      "–",
      "#",
      "|",
      "+",
      "=",
    ];
    const riskyBits = [
      " *",
      "* ",
      "_",
      "$",
      "`",
      "1.",
      "1)",
      "- ",
      "www.",
      "@",
      "://",
      "  ",
      "\t",
      "<",
      "&",
      "\\",
      "[",
      "]",
      "~",
      "**",
      "__",
      "> ",
      "\n\n",
      "\n=",
    ];
    const starts = ["", "", "", "## ", "# ", "- ", "1. ", "2) ", "```ts\n", "~~~\n", "| a | b |\n|---|:-:|\n| "];
    let built = 0;
    const total = 3000;
    for (let i = 0; i < total; i++) {
      let text = starts[Math.floor(random() * starts.length)]!;
      const length = 1 + Math.floor(random() * 10);
      // Mostly words between spaces, where inline syntax can start.
      for (let j = 0; j < length; j++) {
        const bits = random() < 0.15 ? riskyBits : plainBits;
        text += bits[Math.floor(random() * bits.length)]! + (random() < 0.6 ? " " : "");
      }
      for (const block of splitMarkdownBlocks(text)) {
        const tree = plainBlockTree(block);
        if (!tree) continue;
        built++;
        expectSameTree(tree, markdownToHast(block), JSON.stringify(block));
      }
    }
    // Really exercised, not only ever declined.
    expect(built / total).toBeGreaterThan(0.15);
  });

  it("is taken for most blocks of real answers streamed word by word", () => {
    let built = 0;
    let blocks = 0;
    for (const answer of answers) {
      let split: { text: string; blocks: MarkdownBlock[] } | null = null;
      let received = "";
      for (const chunk of answer.split(/(?<= )/)) {
        received += chunk;
        split = splitGrowingText(split, received);
        const text = split.blocks.at(-1)?.text ?? "";
        const tree = plainBlockTree(text);
        if (tree) expectSameTree(tree, markdownToHast(text), JSON.stringify(text));
        blocks++;
        if (tree) built++;
      }
    }
    expect(built / blocks).toBeGreaterThan(0.3);
  });
});
