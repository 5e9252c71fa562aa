import { describe, expect, it } from "vitest";
import {
  createLocalEngine,
  localAnswer,
  NO_MATCHING_PASSAGE_MESSAGE,
  NO_MODEL_MESSAGE,
} from "../../../../src/server/llm/localEngine";
import type { ModelEvent } from "../../../../src/server/llm/types";

async function text(engine = createLocalEngine(), signal = new AbortController().signal): Promise<string> {
  let out = "";
  for await (const event of engine.stream({ model: "local", messages: [{ role: "user", content: "What is the refund policy?" }], signal }))
    if (event.type === "text") out += event.text;
  return out;
}

describe("local engine", () => {
  it("says plainly that no language model is configured and where to add one", async () => {
    expect(await text()).toBe(NO_MODEL_MESSAGE);
    expect(NO_MODEL_MESSAGE).toBe(
      "No language model is configured for this agent, so I can't compose an answer. " +
        "An administrator sets up chat models under **[Management → Connections](/admin/connection)**: " +
        "a connection (OpenAI, Azure OpenAI, Anthropic or any OpenAI-compatible server) with its key, " +
        "and a deployment for each model it serves; then chooses that model as the model deployment " +
        "in the agent's configuration.",
    );
  });

  it("says that the files do not cover the question when it searched files and none matched, quoting nothing", async () => {
    const engine = createLocalEngine(() => ({ passages: [], searchedFiles: true }));
    expect(await text(engine)).toBe(NO_MATCHING_PASSAGE_MESSAGE);
    expect(NO_MATCHING_PASSAGE_MESSAGE).toMatch(
      /^No language model is configured for this agent, so I can only quote its files, and nothing in them matches your question: the files do not cover it\. An administrator sets up chat models under \*\*\[Management → Connections\]\(\/admin\/connection\)\*\*/,
    );
    expect(NO_MATCHING_PASSAGE_MESSAGE).not.toContain(">");
  });

  it("reports no tokens: it uses no model", async () => {
    const engine = createLocalEngine(() => ({ passages: [{ title: "faq.md", text: "Contact support first." }], searchedFiles: true }));
    const usage: ModelEvent[] = [];
    for await (const event of engine.stream({ model: "local", messages: [], signal: new AbortController().signal }))
      if (event.type === "usage") usage.push(event);
    expect(usage).toEqual([{ type: "usage", inputTokens: 0, outputTokens: 0 }]);
  });

  it("quotes the most relevant passages with their source and page", () => {
    const answer = localAnswer([
      { title: "policy.pdf", page: 3, text: "Refunds are issued\nwithin 30 days." },
      { title: "faq.md", text: "Contact support first." },
    ]);
    // A PDF's lines stay lines (hard breaks); the sources are named as text.
    expect(answer).toContain("> Refunds are issued\\\n> within 30 days.\n\n— [1] policy.pdf, page 3");
    expect(answer).toContain("> Contact support first.\n\n— [2] faq.md");
  });

  it("streams in several chunks and stops when aborted", async () => {
    const engine = createLocalEngine();
    const chunks: string[] = [];
    for await (const event of engine.stream({ model: "local", messages: [], signal: new AbortController().signal }))
      if (event.type === "text") chunks.push(event.text);
    expect(chunks.length).toBeGreaterThan(10);
    const controller = new AbortController();
    controller.abort();
    await expect(text(engine, controller.signal)).rejects.toThrow();
  });
});
