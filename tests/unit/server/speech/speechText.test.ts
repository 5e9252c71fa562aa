import { describe, expect, it } from "vitest";
import {
  MAX_SENTENCE_CHARS,
  SentenceSplitter,
  inlineToSpeech,
  markdownToSpeech,
  splitSentences,
} from "../../../../src/server/speech/speechText";

/** Feeds the text in chunks of `size` characters and collects every sentence given back. */
function streamed(text: string, size: number): string[] {
  const splitter = new SentenceSplitter();
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(...splitter.push(text.slice(i, i + size)));
  out.push(...splitter.end());
  return out;
}

const ANSWER = [
  "# Getting started",
  "",
  "Install it with **npm**. Then run `npm start` and open [the app](http://localhost:8080)!",
  "",
  "```bash",
  "npm install. Not read.",
  "```",
  "",
  "1. First step is *easy*.",
  "2. Second step",
  "",
  "| Name | Value |",
  "|------|-------|",
  "| a | 1 |",
  "",
  "> Quoted advice ends here",
  "---",
  "See https://example.com/docs for more",
].join("\n");

const SENTENCES = [
  "Getting started",
  "Install it with npm.",
  "Then run npm start and open the app!",
  "First step is easy.",
  "Second step",
  "Name, Value",
  "a, 1",
  "Quoted advice ends here",
  "See a link for more",
];

describe("markdown to speech", () => {
  it("reads inline markup as plain words", () => {
    expect(
      inlineToSpeech("**Bold**, _italic_, ~~gone~~ and `code` with [a link](https://x.y) and ![a chart](c.png)"),
    ).toBe("Bold, italic, gone and code with a link and a chart");
    expect(inlineToSpeech("snake_case_name stays, as does 2*3")).toBe("snake_case_name stays, as does 2 3");
    expect(inlineToSpeech("A citation[1] and <b>html</b> &amp; more")).toBe("A citation and html & more");
  });

  it("leaves code blocks out and reads headings, lists, tables and quotes", () => {
    expect(markdownToSpeech(ANSWER)).toBe(SENTENCES.join(" "));
  });
});

describe("sentence splitting", () => {
  it("splits at terminal punctuation followed by white space", () => {
    expect(splitSentences("One. Two! Three? Four… 3.14 is pi. Last")).toEqual({
      sentences: ["One.", "Two!", "Three?", "Four…", "3.14 is pi."],
      rest: "Last",
    });
    expect(splitSentences('He said "stop." Then left. ').sentences).toEqual(['He said "stop."', "Then left."]);
  });

  it("gives the same sentences however the answer is chunked", () => {
    for (const size of [1, 2, 3, 7, 50, ANSWER.length]) expect(streamed(ANSWER, size)).toEqual(SENTENCES);
  });

  it("gives a sentence back as soon as it ends, before its line does", () => {
    const splitter = new SentenceSplitter();
    expect(splitter.push("Hello there")).toEqual([]);
    expect(splitter.push(". How")).toEqual(["Hello there."]);
    expect(splitter.push(" are you? Fine")).toEqual(["How are you?"]);
    expect(splitter.end()).toEqual(["Fine"]);
  });

  it("waits for a code span or link that is still open", () => {
    const splitter = new SentenceSplitter();
    expect(splitter.push("Run `a. b")).toEqual([]);
    expect(splitter.push("` now. ")).toEqual(["Run a.", "b now."]);
    expect(splitter.push("See [the page. It")).toEqual([]);
    expect(splitter.push(" helps](https://x.y). ")).toEqual(["See the page.", "It helps."]);
  });

  it("never reads a fence that is still arriving", () => {
    expect(streamed("Intro.\n``", 100)).toEqual(["Intro."]);
    expect(streamed("Intro.\n```py\nx = 1. y = 2.\n", 3)).toEqual(["Intro."]);
  });

  it("cuts a sentence longer than the synthesiser's limit at a comma or a space", () => {
    const long = Array.from({ length: 80 }, (_, i) => `word${i}`).join(", ");
    const pieces = streamed(`${long}.`, 13);
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.every((p) => p.length <= MAX_SENTENCE_CHARS)).toBe(true);
    expect(pieces.join(" ")).toBe(`${long}.`);
  });

  it("drops pieces without words", () => {
    expect(streamed("...\n\n- \n\n!!! ", 4)).toEqual([]);
  });
});
