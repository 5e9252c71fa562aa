import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
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
  ["openai", "OpenAI", "sk-test-0123456789", () => createOpenAIProvider({ providerType: "openai", baseUrl: fake.openaiBaseUrl, apiKey: "sk-test-0123456789" })],
  ["anthropic", "Anthropic", "sk-ant-0123456789", () => createAnthropicProvider({ providerType: "anthropic", baseUrl: fake.anthropicBaseUrl, apiKey: "sk-ant-0123456789" })],
] as const)("%s provider", (protocol, providerName, key, make) => {
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

  it("gives the provider's own message for an HTTP error, never its JSON envelope", async () => {
    fake.enqueue({ fail: { status: 500, message: "Something specific went wrong" } });
    const error = (await collect(make()).catch((e: unknown) => e)) as ModelProviderError;
    expect(error.message).toBe(`${providerName} answered with an error (500): Something specific went wrong`);
  });

  it("keeps the connection's key out of an error text that echoes it", async () => {
    fake.enqueue({ fail: { status: 400, message: `Invalid key ${key} for this endpoint` } });
    const error = (await collect(make()).catch((e: unknown) => e)) as ModelProviderError;
    expect(error.message).toBe(`${providerName} answered with an error (400): Invalid key [redacted] for this endpoint`);
  });

  it("shows a proxy's web page as its title, not as 95 KB of markup", async () => {
    const page = `<html><head><title>502 Bad Gateway</title></head><body>${"<p>filler</p>".repeat(7000)}</body></html>`;
    fake.enqueue({ fail: { status: 502, message: "", body: { contentType: "text/html", text: page } } });
    const error = (await collect(make()).catch((e: unknown) => e)) as ModelProviderError;
    expect(error.message).toBe(`${providerName} answered with an error (502): 502 Bad Gateway`);
  });

  it("tells an error event inside the stream from a broken connection", async () => {
    fake.enqueue({ tokens: ["Part", "more"], breakAfter: { chunks: 1, with: "provider-error", message: "Overloaded" } });
    const error = (await collect(make()).catch((e: unknown) => e)) as ModelProviderError;
    expect(error).toBeInstanceOf(ModelProviderError);
    expect(error.message).toBe(`${providerName} reported an error while answering: Overloaded`);
  });

  it("says that a chunk could not be read when it is not JSON", async () => {
    fake.enqueue({ tokens: ["Part", "more"], breakAfter: { chunks: 1, with: "malformed-chunk" } });
    const error = (await collect(make()).catch((e: unknown) => e)) as ModelProviderError;
    expect(error.message).toBe(`${providerName} sent a part of the answer that could not be read. Try again.`);
  });

  it("fails an answer whose body ended in good order before the answer's end", async () => {
    fake.enqueue({ tokens: ["Cut", " short", " here"], breakAfter: { chunks: 2, with: "quiet-end" } });
    const seen: string[] = [];
    const error = await (async () => {
      for await (const event of make().stream({ model: "m", messages: [{ role: "user", content: "x" }], signal: new AbortController().signal }))
        if (event.type === "text") seen.push(event.text);
    })().catch((e: unknown) => e);
    expect(seen).toEqual(["Cut", " short"]);
    expect((error as ModelProviderError).message).toBe(`${providerName} ended the answer before it was complete. Try again.`);
  });

  it("reports an answer cut by its length limit", async () => {
    fake.enqueue({ tokens: ["Trunc", "ated"], finishReason: protocol === "openai" ? "length" : "max_tokens", usage: { inputTokens: 4, outputTokens: 2 } });
    expect(await collect(make())).toEqual([
      { type: "text", text: "Trunc" },
      { type: "text", text: "ated" },
      ...(protocol === "openai"
        ? [{ type: "finish", reason: "length" }, { type: "usage", inputTokens: 4, outputTokens: 2 }]
        : [{ type: "usage", inputTokens: 4, outputTokens: 2 }, { type: "finish", reason: "length" }]),
    ]);
  });

  it("reports a refusal", async () => {
    if (protocol === "openai") {
      fake.enqueue({ refusal: "I can't help with that.", usage: { inputTokens: 5, outputTokens: 8 } });
      expect(await collect(make())).toEqual([
        { type: "text", text: "I can't help with that." },
        { type: "finish", reason: "refusal" },
        { type: "usage", inputTokens: 5, outputTokens: 8 },
      ]);
    } else {
      fake.enqueue({ finishReason: "refusal", usage: { inputTokens: 5, outputTokens: 0 } });
      expect(await collect(make())).toEqual([
        { type: "usage", inputTokens: 5, outputTokens: 0 },
        { type: "finish", reason: "refusal" },
      ]);
      // Stopped part way by Anthropic's classifiers: the words so far stay, cut short by the provider's filter.
      fake.enqueue({ tokens: ["Here is", " how"], finishReason: "refusal", usage: { inputTokens: 5, outputTokens: 2 } });
      expect(await collect(make())).toEqual([
        { type: "text", text: "Here is" },
        { type: "text", text: " how" },
        { type: "usage", inputTokens: 5, outputTokens: 2 },
        { type: "finish", reason: "content-filter" },
      ]);
    }
  });

  it("reports the input's tokens of an answer that broke before the end", async () => {
    fake.enqueue({ tokens: ["one", "two"], resetAfter: 1, usage: { inputTokens: 1234, outputTokens: 2 } });
    const events: ModelEvent[] = [];
    await (async () => {
      for await (const event of make().stream({ model: "m", messages: [{ role: "user", content: "x" }], signal: new AbortController().signal })) events.push(event);
    })().catch(() => undefined);
    // OpenAI reports usage only at the end of an answer; Anthropic at its start too.
    expect(events.filter((event) => event.type === "usage")).toEqual(protocol === "openai" ? [] : [{ type: "usage", inputTokens: 1234, outputTokens: 1 }]);
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

describe("an OpenAI-compatible server that does not stream", () => {
  const make = () => createOpenAIProvider({ providerType: "openaiCompatible", baseUrl: fake.openaiBaseUrl });

  it("gives a whole answer sent as one JSON completion as the answer", async () => {
    const completion = {
      choices: [{ index: 0, message: { role: "assistant", content: "Full answer" }, finish_reason: "stop" }],
      usage: { prompt_tokens: 3, completion_tokens: 2 },
    };
    fake.enqueue({ notAStream: { contentType: "application/json", text: JSON.stringify(completion) } });
    expect(await collect(make())).toEqual([
      { type: "text", text: "Full answer" },
      { type: "usage", inputTokens: 3, outputTokens: 2 },
    ]);
  });

  it("says that a web page came where the answer should have", async () => {
    const page = "<!doctype html><html><head><title>Sign in</title></head><body>Portal</body></html>";
    fake.enqueue({ notAStream: { contentType: "text/html; charset=utf-8", text: page } });
    const error = (await collect(make()).catch((e: unknown) => e)) as ModelProviderError;
    expect(error.message).toBe(
      "The model server answered with a web page instead of an answer (Sign in). An administrator must check the connection's address.",
    );
  });
});

describe("the answer's length limit", () => {
  it.each([
    ["openai", "max_completion_tokens"],
    ["azureOpenAI", "max_completion_tokens"],
    // Ollama's OpenAI-compatible API reads max_tokens only; vLLM and llama.cpp read it too.
    ["openaiCompatible", "max_tokens"],
  ] as const)("is sent to a %s connection as %s", async (providerType, field) => {
    fake.enqueue({ tokens: ["ok"] });
    const provider = createOpenAIProvider({ providerType, baseUrl: fake.openaiBaseUrl, apiKey: "sk-test" });
    await collect(provider);
    const body = fake.requests.at(-1)!.body;
    expect(body[field]).toBe(100);
    expect(Object.keys(body).filter((key) => key.startsWith("max_"))).toEqual([field]);
  });
});

describe("a connection without a key, with the SDKs' variables set in the server's environment", () => {
  // What the SDKs would take for a connection that leaves them out: another connection's key, or another address.
  const environment = {
    OPENAI_API_KEY: "sk-environment-openai",
    OPENAI_BASE_URL: "http://127.0.0.1:9/environment-openai",
    OPENAI_ORG_ID: "org-environment",
    OPENAI_PROJECT_ID: "proj-environment",
    AZURE_OPENAI_API_KEY: "environment-azure-key",
    AZURE_OPENAI_ENDPOINT: "http://127.0.0.1:9/environment-azure",
    ANTHROPIC_API_KEY: "sk-ant-environment",
    ANTHROPIC_AUTH_TOKEN: "environment-anthropic-token",
    ANTHROPIC_BASE_URL: "http://127.0.0.1:9/environment-anthropic",
  };
  beforeEach(() => {
    for (const [name, value] of Object.entries(environment)) vi.stubEnv(name, value);
  });
  afterEach(() => vi.unstubAllEnvs());

  it.each([
    ["an OpenAI-compatible server", "/v1/chat/completions", () => createOpenAIProvider({ providerType: "openaiCompatible", baseUrl: fake.openaiBaseUrl })],
    [
      "Azure OpenAI",
      "/azure/openai/deployments/test-model/chat/completions",
      () => createOpenAIProvider({ providerType: "azureOpenAI", baseUrl: `${new URL(fake.openaiBaseUrl).origin}/azure` }),
    ],
    ["Anthropic", "/v1/messages", () => createAnthropicProvider({ providerType: "anthropic", baseUrl: fake.anthropicBaseUrl })],
  ])("%s gets its own address and none of the environment's keys", async (_name, path, make) => {
    fake.enqueue({ tokens: ["Own answer"] });
    expect((await collect(make()))[0]).toEqual({ type: "text", text: "Own answer" });
    const request = fake.requests.at(-1)!;
    expect(request.path).toBe(path);
    const headers = JSON.stringify(request.headers);
    for (const value of Object.values(environment)) expect(headers).not.toContain(value);
  });
});
