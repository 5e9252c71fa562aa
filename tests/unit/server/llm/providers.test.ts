import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeModelServer, type FakeModelServer } from "../../../fakes/fakeModelServer";
import { createOpenAIProvider } from "../../../../src/server/llm/openaiProvider";
import { createAnthropicProvider } from "../../../../src/server/llm/anthropicProvider";
import { ModelProviderError, type ModelEvent, type ModelProvider } from "../../../../src/server/llm/types";

let fake: FakeModelServer;
beforeAll(async () => {
  fake = await startFakeModelServer();
});
afterAll(() => fake.close());

async function collect(provider: ModelProvider, signal = new AbortController().signal): Promise<ModelEvent[]> {
  const events: ModelEvent[] = [];
  for await (const event of provider.stream({
    model: "test-model",
    systemPrompt: "Be brief.",
    messages: [{ role: "user", content: "Hi", images: [{ mimeType: "image/png", base64: "iVBORw0KGgo=" }] }],
    maxTokens: 100,
    signal,
  }))
    events.push(event);
  return events;
}

describe.each([
  ["openai", () => createOpenAIProvider({ providerType: "openai", baseUrl: fake.openaiBaseUrl, apiKey: "sk-test" })],
  ["anthropic", () => createAnthropicProvider({ providerType: "anthropic", baseUrl: fake.anthropicBaseUrl, apiKey: "sk-ant" })],
] as const)("%s provider", (protocol, make) => {
  it("streams text chunks then usage", async () => {
    fake.enqueue({ tokens: ["A", "B", "C"], usage: { inputTokens: 7, outputTokens: 3 } });
    const events = await collect(make());
    expect(events).toEqual([
      { type: "text", text: "A" },
      { type: "text", text: "B" },
      { type: "text", text: "C" },
      { type: "usage", inputTokens: 7, outputTokens: 3 },
    ]);
    const request = fake.requests.at(-1)!;
    expect(request.protocol).toBe(protocol);
    expect(request.body.model).toBe("test-model");
    expect(request.body.stream).toBe(true);
  });

  it("sends the system prompt and the image in the provider's own format", async () => {
    fake.enqueue({ tokens: ["ok"] });
    await collect(make());
    const body = fake.requests.at(-1)!.body;
    if (protocol === "openai") {
      expect(body.messages).toEqual([
        { role: "system", content: "Be brief." },
        {
          role: "user",
          content: [
            { type: "text", text: "Hi" },
            { type: "image_url", image_url: { url: "data:image/png;base64,iVBORw0KGgo=" } },
          ],
        },
      ]);
    } else {
      expect(body.system).toBe("Be brief.");
      expect(body.messages).toEqual([
        {
          role: "user",
          content: [
            { type: "image", source: { type: "base64", media_type: "image/png", data: "iVBORw0KGgo=" } },
            { type: "text", text: "Hi" },
          ],
        },
      ]);
    }
  });

  it("turns a 429 into a ModelProviderError a user can read", async () => {
    fake.enqueue({ fail: { status: 429, message: "slow down" } });
    const error = await collect(make()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelProviderError);
    expect((error as ModelProviderError).status).toBe(429);
    expect((error as Error).message).toMatch(/rate limiting requests \(429\)/);
  });

  it("reports a mid-stream reset as a connection failure after the chunks already received", async () => {
    fake.enqueue({ tokens: ["one", "two", "three"], resetAfter: 2 });
    const seen: string[] = [];
    const error = await (async () => {
      for await (const event of make().stream({ model: "m", messages: [{ role: "user", content: "x" }], signal: new AbortController().signal }))
        if (event.type === "text") seen.push(event.text);
    })().catch((e: unknown) => e);
    expect(seen).toEqual(["one", "two"]);
    expect(error).toBeInstanceOf(ModelProviderError);
    expect((error as ModelProviderError).status).toBeUndefined();
  });

  it("stops the provider request when the signal aborts", async () => {
    fake.enqueue({ tokens: Array.from({ length: 50 }, (_, i) => `t${i}`), delayMs: 20 });
    const controller = new AbortController();
    const before = fake.abortedCount();
    const error = await (async () => {
      let n = 0;
      for await (const event of make().stream({ model: "m", messages: [{ role: "user", content: "x" }], signal: controller.signal }))
        if (event.type === "text" && ++n === 3) controller.abort();
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    await expect.poll(() => fake.abortedCount()).toBe(before + 1);
  });

  it("closes the provider request when the reader leaves the loop early", async () => {
    fake.enqueue({ tokens: Array.from({ length: 50 }, (_, i) => `t${i}`), delayMs: 20 });
    const before = fake.abortedCount();
    const seen: string[] = [];
    for await (const event of make().stream({ model: "m", messages: [{ role: "user", content: "x" }], signal: new AbortController().signal })) {
      if (event.type === "text") seen.push(event.text);
      if (seen.length === 2) break;
    }
    expect(seen).toEqual(["t0", "t1"]);
    await expect.poll(() => fake.abortedCount()).toBe(before + 1);
  });
});
