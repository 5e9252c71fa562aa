/** The streaming Chat Completions request on Node's HTTP client keeps the SDK's wire and errors. */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeModelServer, type FakeModelServer } from "../../../fakes/fakeModelServer";
import { createOpenAIProvider } from "../../../../src/server/llm/openaiProvider";
import { ModelProviderError, type ModelEvent, type ModelProvider } from "../../../../src/server/llm/types";

let fake: FakeModelServer;
beforeAll(async () => {
  fake = await startFakeModelServer();
});
afterAll(() => fake.close());

async function collect(provider: ModelProvider, model = "gpt-test"): Promise<ModelEvent[]> {
  const events: ModelEvent[] = [];
  for await (const event of provider.stream({ model, messages: [{ role: "user", content: "Hi" }], signal: new AbortController().signal }))
    events.push(event);
  return events;
}

describe("OpenAI streaming over Node's HTTP client", () => {
  it("sends Azure OpenAI's deployment path, api-version and api-key as the SDK builds them", async () => {
    fake.enqueue({ tokens: ["Azure", " says hi"] });
    const endpoint = fake.openaiBaseUrl.replace(/\/v1$/, "");
    const provider = createOpenAIProvider({ providerType: "azureOpenAI", baseUrl: endpoint, apiKey: "azure-key", apiVersion: "2024-10-21" });
    const events = await collect(provider, "my-deployment");
    expect(events.filter((e) => e.type === "text").map((e) => (e as { text: string }).text)).toEqual(["Azure", " says hi"]);
    const request = fake.requests.at(-1)!;
    expect(request.path).toBe("/openai/deployments/my-deployment/chat/completions");
    expect(request.headers["api-key"]).toBe("azure-key");
    expect(request.headers.authorization).toBeUndefined();
    expect(request.body).toMatchObject({ model: "my-deployment", stream: true, messages: [{ role: "user", content: "Hi" }] });
  });

  it("sends the bearer key and reuses the connection for the next answer", async () => {
    const provider = createOpenAIProvider({ providerType: "openai", baseUrl: fake.openaiBaseUrl, apiKey: "sk-reuse" });
    await collect(provider);
    await collect(provider);
    const [first, second] = fake.requests.slice(-2);
    expect(first!.headers.authorization).toBe("Bearer sk-reuse");
    expect(second!.headers.authorization).toBe("Bearer sk-reuse");
    expect(first!.headers["content-type"]).toBe("application/json");
  });

  it("shows a 500's plain-text body to the user, as the SDK does", async () => {
    const server = createServer((_req, res) => res.writeHead(500, { "content-type": "text/plain" }).end("backend on fire"));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const port = (server.address() as AddressInfo).port;
      const provider = createOpenAIProvider({ providerType: "openaiCompatible", baseUrl: `http://127.0.0.1:${port}/v1` });
      const error = await collect(provider).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ModelProviderError);
      expect((error as ModelProviderError).status).toBe(500);
      expect((error as Error).message).toBe("The model server answered with an error (500): backend on fire");
    } finally {
      server.close();
    }
  });

  it("reports a server that cannot be reached as a connection failure", async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as AddressInfo).port;
    await new Promise((resolve) => server.close(resolve));
    const provider = createOpenAIProvider({ providerType: "openaiCompatible", baseUrl: `http://127.0.0.1:${port}/v1` });
    const error = await collect(provider).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelProviderError);
    expect((error as ModelProviderError).status).toBeUndefined();
    expect((error as Error).message).toBe("The model server could not be reached or the connection broke (Connection error). Try again.");
  });

  it("sends a request once more on a new connection when the server dropped the kept-alive one it was sent on", async () => {
    const served = new WeakSet<object>();
    let dropped = 0;
    const server = createServer((req, res) => {
      req.resume();
      // The second request on a connection finds it closed, as when a server's idle timeout races the reuse.
      if (served.has(req.socket)) {
        dropped += 1;
        req.socket.destroy();
        return;
      }
      served.add(req.socket);
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.end('data: {"choices":[{"delta":{"content":"fresh"}}]}\n\ndata: [DONE]\n\n');
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const port = (server.address() as AddressInfo).port;
      const provider = createOpenAIProvider({ providerType: "openaiCompatible", baseUrl: `http://127.0.0.1:${port}/v1` });
      expect(await collect(provider)).toEqual([{ type: "text", text: "fresh" }]);
      expect(await collect(provider)).toEqual([{ type: "text", text: "fresh" }]);
      expect(dropped).toBe(1);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
