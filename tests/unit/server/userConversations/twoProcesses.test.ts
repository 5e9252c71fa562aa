import { join } from "node:path";
import { tmpdir } from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { answerOf, readStream, type Frame } from "../../../helpers/chatFixtures";
import { startFakeModelServer, type FakeModelServer } from "../../../fakes/fakeModelServer";
import { freshPostgresDatabase, type PostgresDatabase } from "../../../support/databaseTemplate";
import { startServer, type StartedServer } from "../../../support/server";

const serverUrl = process.env.DATABASE_URL;

/**
 * Two server processes on one PostgreSQL database, as replicas behind one address: a page's
 * requests may reach either. (PGlite is one process's own database.)
 */
describe.skipIf(!serverUrl)("an answer streamed by one server process, reached through another", () => {
  let database: PostgresDatabase;
  let fake: FakeModelServer;
  let a: StartedServer;
  let b: StartedServer;
  let token: string;
  let agentId: string;

  beforeAll(async () => {
    database = await freshPostgresDatabase(serverUrl!, "replicas", inject("postgresTemplate"));
    fake = await startFakeModelServer();
    const env = {
      DATABASE_URL: database.url,
      TOKEN_SECRET: "replicas-token-secret-that-is-long-enough-for-hs256",
      ENCRYPTION_KEY: Buffer.alloc(32, 9).toString("base64"),
      ADMIN_USERNAME: "admin",
      ADMIN_PASSWORD: "replicas-admin-password-1",
      OPENAI_API_KEY: "sk-test",
      OPENAI_BASE_URL: fake.openaiBaseUrl,
      OPENAI_MODEL: "fake-model",
      ANSWER_RECONNECT_GRACE_MS: "600",
      STATIC_DIR: join(tmpdir(), "agent-chat-no-static-dir"),
      LOG_LEVEL: "warn",
    };
    // Started together: they migrate and seed the database one after the other.
    [a, b] = await Promise.all([startServer({ env }), startServer({ env })]);
    const signIn = await fetch(`${a.baseUrl}/api/internal/authorization/local/GenerateToken`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ userName: "admin", password: "replicas-admin-password-1" }),
    });
    token = ((await signIn.json()) as { n1AIToken: string }).n1AIToken;
    const agents = await fetch(`${b.baseUrl}/api/internal/CurrentUser/AvailableGptSystems`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const list = (await agents.json()) as { gptSystemId: string; name: string }[];
    expect(list.map((agent) => agent.name)).toEqual(["Assistant"]);
    agentId = list[0]!.gptSystemId;
  }, 180_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await fake?.close();
    await database?.drop();
  });

  const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i} `);
  /** Asks on A; resolves with the answer's ids as soon as A names them, and the whole stream later. */
  function askOnA(options: { controller?: AbortController; onFrame?: (frame: Frame, all: Frame[]) => void } = {}) {
    let named: (ids: { conversationId: string; conversationSegmentId: string }) => void = () => undefined;
    const ids = new Promise<{ conversationId: string; conversationSegmentId: string }>((resolve) => (named = resolve));
    const stream = readStream(
      `${a.baseUrl}/api/internal/userConversations/byGptSystemId/${agentId}`,
      token,
      { question: "Tell me" },
      {
        ...options,
        onFrame(frame, all) {
          if (frame.event === "conversation-and-segment-id") named(frame.data as never);
          options.onFrame?.(frame, all);
        },
      },
    );
    return { ids, stream };
  }
  const segmentUrl = (server: StartedServer, ids: { conversationId: string; conversationSegmentId: string }) =>
    `${server.baseUrl}/api/internal/userConversations/${ids.conversationId}/segments/${ids.conversationSegmentId}`;
  const storedOnB = async (ids: { conversationId: string; conversationSegmentId: string }) => {
    const response = await fetch(`${b.baseUrl}/api/internal/userConversations/${ids.conversationId}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const conversation = (await response.json()) as {
      conversationSegmentTree: { segments: { conversationSegmentId: string; status: string; answer: string }[] };
    };
    return conversation.conversationSegmentTree.segments.find(
      (s) => s.conversationSegmentId === ids.conversationSegmentId,
    )!;
  };

  it("is followed on the other process as it grows, to its end", async () => {
    fake.enqueue({ tokens: words(30), delayMs: 50 }, { tokens: ["Followed"] });
    const { ids, stream } = askOnA();
    const named = await ids;
    const followed = await readStream(`${segmentUrl(b, named)}/stream`, token);
    const asked = await stream;
    expect(answerOf(followed.frames)).toBe(words(30).join(""));
    expect(followed.frames.filter((f) => f.event === "response-updated").length).toBeGreaterThan(2);
    expect(followed.frames.at(-2)).toMatchObject({ event: "response-model", data: { status: "Complete" } });
    expect(followed.frames.at(-1)!.event).toBe("no-more-data");
    expect(answerOf(asked.frames)).toBe(words(30).join(""));
  });

  it("is stopped by a Stop sent to the other process, which answers once the answer is stored Aborted", async () => {
    fake.enqueue({ tokens: words(100), delayMs: 40 });
    const { ids, stream } = askOnA();
    const named = await ids;
    await new Promise((resolve) => setTimeout(resolve, 500));
    const stop = await fetch(`${segmentUrl(b, named)}/stop`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(stop.status).toBe(204);
    expect(await storedOnB(named)).toMatchObject({ status: "Aborted" });
    const asked = await stream;
    expect(asked.frames.find((f) => f.event === "response-model")!.data).toMatchObject({ status: "Aborted" });
    expect(answerOf(asked.frames).split(" ").length).toBeLessThan(60);
  });

  it("is stopped when its conversation is deleted through the other process", async () => {
    fake.enqueue({ tokens: words(100), delayMs: 40 });
    const { ids, stream } = askOnA();
    const named = await ids;
    await new Promise((resolve) => setTimeout(resolve, 500));
    const deleted = await fetch(`${b.baseUrl}/api/internal/userConversations/${named.conversationId}`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(deleted.status).toBe(204);
    const asked = await stream;
    expect(asked.frames.find((f) => f.event === "response-model")!.data).toMatchObject({ status: "Aborted" });
    expect(answerOf(asked.frames).split(" ").length).toBeLessThan(60);
  });

  it("goes on when its page reloads and follows it through the other process, past the grace period", async () => {
    fake.enqueue({ tokens: words(40), delayMs: 50 }, { tokens: ["Reloaded"] });
    const controller = new AbortController();
    const { ids } = askOnA({
      controller,
      onFrame: (_frame, all) => {
        if (all.filter((f) => f.event === "response-updated").length === 3) controller.abort();
      },
    });
    const named = await ids;
    // The reloaded page reaches B; A alone would stop the answer 600 ms after its page left.
    const followed = await readStream(`${segmentUrl(b, named)}/stream`, token);
    expect(followed.frames.find((f) => f.event === "response-model")!.data).toMatchObject({ status: "Complete" });
    expect(answerOf(followed.frames)).toBe(words(40).join(""));
  });
});
