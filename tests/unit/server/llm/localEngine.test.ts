import { describe, expect, it } from "vitest";
import { createLocalEngine, localAnswer, NO_MODEL_MESSAGE } from "../../../../src/server/llm/localEngine";

async function text(engine = createLocalEngine(), signal = new AbortController().signal): Promise<string> {
  let out = "";
  for await (const event of engine.stream({ model: "local", messages: [{ role: "user", content: "What is the refund policy?" }], signal }))
    if (event.type === "text") out += event.text;
  return out;
}

describe("local engine", () => {
  it("says plainly that no language model is configured and where to add one", async () => {
    expect(await text()).toBe(NO_MODEL_MESSAGE);
    expect(NO_MODEL_MESSAGE).toContain("Instance Settings → API keys");
  });

  it("quotes the most relevant passages with their source and page", () => {
    const answer = localAnswer([
      { title: "policy.pdf", page: 3, text: "Refunds are issued\nwithin 30 days." },
      { title: "faq.md", text: "Contact support first." },
    ]);
    expect(answer).toContain("> Refunds are issued within 30 days.\n\n— [1] policy.pdf, page 3");
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
