import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { conversationSegments } from "../../../../src/server/db/chatSchema";
import type { TestApp } from "../../../helpers/buildTestApp";
import { answerOf, createAgent, type Frame, readStream, stopAfterChunks } from "../../../helpers/chatFixtures";
import { startStreamingApp, stopStreamingApp } from "../../../helpers/streamingApp";
import type { FakeModelServer } from "../../../fakes/fakeModelServer";

let t: TestApp;
let base: string;
let fake: FakeModelServer;
let token: string;
let agentId: string;

beforeAll(async () => {
  ({ t, base, fake, token, agentId } = await startStreamingApp("streamer"));
});
afterAll(() => stopStreamingApp({ t, fake }));

const ask = (question: string, options: Parameters<typeof readStream>[3] = {}) =>
  readStream(`${base}/api/internal/userConversations/byGptSystemId/${agentId}`, token, { question }, options);
const segmentRow = async (id: string) =>
  (await t.deps.database.db.select().from(conversationSegments).where(eq(conversationSegments.conversationSegmentId, id)))[0]!;
const ids = (frames: Frame[]) => frames[0]!.data as { conversationId: string; conversationSegmentId: string };

describe("streaming an answer", () => {
  it("leaves out U+0000 that a model sends, in the answer and in the title, and stores both", async () => {
    fake.enqueue({ tokens: ["Hello", " wor\u0000ld", "\u0000", "!"] });
    fake.enqueue({ tokens: ["Ti\u0000tle"] });
    const { frames } = await ask("Say it with a NUL");
    expect(frames.map((f) => f.event).at(-1)).toBe("no-more-data");
    expect(answerOf(frames)).toBe("Hello world!");
    const { conversationId, conversationSegmentId } = ids(frames);
    expect(await segmentRow(conversationSegmentId)).toMatchObject({ status: "Complete", answer: "Hello world!" });
    const conversation = await t.app.inject({ url: `/api/internal/userConversations/${conversationId}`, headers: { authorization: `Bearer ${token}` } });
    expect(conversation.json().title).toBe("Title");
  });

  it("counts an answer's time to first token and duration from the request's arrival, as its trace does", async () => {
    fake.enqueue({ tokens: ["Slow", " answer"], delayMs: 120 });
    fake.enqueue({ tokens: ["Title"] });
    const { frames } = await ask("Take your time");
    const { conversationId, conversationSegmentId } = ids(frames);
    const seg = `/api/internal/userConversations/${conversationId}/segments/${conversationSegmentId}`;
    const headers = { authorization: `Bearer ${token}` };
    const details = (await t.app.inject({ url: `${seg}/executionDetails`, headers })).json();
    const { traceLogs } = (await t.app.inject({ url: `${seg}/traceLogs`, headers })).json() as {
      traceLogs: { event: string; elapsedMs: number }[];
    };
    const elapsed = (event: string) => traceLogs.find((entry) => entry.event === event)!.elapsedMs;
    expect(details.timeToFirstTokenMs).toBeGreaterThanOrEqual(120);
    expect(Math.abs(details.timeToFirstTokenMs - elapsed("first-token"))).toBeLessThanOrEqual(2);
    expect(Math.abs(details.durationMs - elapsed("finished"))).toBeLessThanOrEqual(2);
  });

  it("gives an answer's steps and time to first token while it streams, not only once it has ended", async () => {
    fake.enqueue({ tokens: ["one ", "two ", "three ", "four ", "five"], delayMs: 150 }, { tokens: ["T"] });
    const headers = { authorization: `Bearer ${token}` };
    const during: { status: string; steps: string[]; timeToFirstTokenMs: number | null }[] = [];
    const { frames } = await ask("Step by step", {
      onFrame: (frame, all) => {
        if (frame.event !== "response-updated" || all.filter((f) => f.event === "response-updated").length !== 2) return;
        const { conversationId, conversationSegmentId } = ids(all);
        const url = `/api/internal/userConversations/${conversationId}/segments/${conversationSegmentId}/executionDetails`;
        void t.app.inject({ url, headers }).then((response) => during.push(response.json()));
      },
    });
    await expect.poll(() => during.length).toBe(1);
    expect(during[0]).toMatchObject({ status: "Streaming", steps: ["Generating the answer"] });
    expect(during[0]!.timeToFirstTokenMs).toBeGreaterThanOrEqual(150);
    const { conversationId, conversationSegmentId } = ids(frames);
    const ended = await t.app.inject({ url: `/api/internal/userConversations/${conversationId}/segments/${conversationSegmentId}/executionDetails`, headers });
    expect(ended.json()).toMatchObject({ status: "Complete", steps: ["Generating the answer"] });
    expect(Math.abs(ended.json().timeToFirstTokenMs - during[0]!.timeToFirstTokenMs!)).toBeLessThanOrEqual(2);
  });

  it("sends the events of spec section 4 in order and persists the completed answer", async () => {
    fake.enqueue({ tokens: ["Hello", ", ", "world"], usage: { inputTokens: 12, outputTokens: 3 } });
    fake.enqueue({ tokens: ["Greeting", " test"] }); // the title request
    const { status, frames, contentType } = await ask("Say hello");
    expect(status).toBe(200);
    expect(contentType).toBe("text/event-stream; charset=utf-8");
    expect(frames.map((f) => f.event)).toEqual([
      "conversation-and-segment-id",
      "segment-answered-with-gpt-system",
      "cosmos-db-session-tokens",
      "step-update",
      "response-updated",
      "response-updated",
      "response-updated",
      "response-model",
      "no-more-data",
    ]);
    expect(answerOf(frames)).toBe("Hello, world");
    expect(frames[1]!.data).toEqual({ gptSystemId: agentId, name: "Test agent", gptSystemType: "System", isPublic: false });
    const { conversationId, conversationSegmentId } = ids(frames);
    expect(frames[7]!.data).toEqual({ conversationSegmentId, status: "Complete", citations: [], errorText: null });

    const row = await segmentRow(conversationSegmentId);
    expect(row).toMatchObject({ question: "Say hello", answer: "Hello, world", status: "Complete", inputTokens: 12, outputTokens: 3 });
    expect(row.timeToFirstTokenMs).toBeGreaterThanOrEqual(0);
    expect(row.durationMs).toBeGreaterThanOrEqual(row.timeToFirstTokenMs!);

    const conversation = await t.app.inject({ url: `/api/internal/userConversations/${conversationId}`, headers: { authorization: `Bearer ${token}` } });
    expect(conversation.statusCode).toBe(200);
    expect(conversation.json()).toMatchObject({ title: "Greeting test", conversationSegmentTree: { segmentPath: [conversationSegmentId] } });
    // The model received the agent's system prompt and the question.
    const request = fake.requests.at(-2)!;
    expect(request.body.messages).toEqual([
      { role: "system", content: "You are a test agent." },
      { role: "user", content: "Say hello" },
    ]);
  });

  it("sends a new conversation's final answer before its title is generated, and ends the stream once the title is stored", async () => {
    fake.enqueue({ tokens: ["Done"] }, { tokens: ["Named", " later"], headerDelayMs: 500 });
    const conversation = async (id: string) =>
      (await t.app.inject({ url: `/api/internal/userConversations/${id}`, headers: { authorization: `Bearer ${token}` } })).json() as {
        title: string;
        conversationSegmentTree: { segments: { status: string; answer: string }[] };
      };
    let atResponseModel: Promise<Awaited<ReturnType<typeof conversation>>> | undefined;
    let responseModelAt = 0;
    const { frames } = await ask("Which title comes first?", {
      onFrame: (frame, all) => {
        if (frame.event !== "response-model") return;
        responseModelAt = performance.now();
        atResponseModel = conversation(ids(all).conversationId);
      },
    });
    const endedAfterMs = performance.now() - responseModelAt;
    expect(frames.map((f) => f.event).slice(-2)).toEqual(["response-model", "no-more-data"]);
    // When response-model arrives the answer is stored as final, still under the question's title.
    const early = await atResponseModel!;
    expect(early.title).toBe("Which title comes first?");
    expect(early.conversationSegmentTree.segments.map(({ status, answer }) => ({ status, answer }))).toEqual([{ status: "Complete", answer: "Done" }]);
    // no-more-data waits for the title's request (500 ms before its headers) and its save.
    expect(endedAfterMs).toBeGreaterThanOrEqual(450);
    expect((await conversation(ids(frames).conversationId)).title).toBe("Named later");
  });

  it("keeps the title a user gave the conversation while its title was being generated", async () => {
    fake.enqueue({ tokens: ["Done"] }, { tokens: ["Model", " title"], headerDelayMs: 600 });
    let renamed: Promise<number> | undefined;
    const { frames } = await ask("Whose title wins?", {
      onFrame: (frame, all) => {
        if (frame.event !== "response-model") return;
        const { conversationId } = ids(all);
        renamed = t.app
          .inject({
            method: "PUT",
            url: `/api/internal/userConversations/${conversationId}/updateTitle`,
            headers: { authorization: `Bearer ${token}` },
            payload: { conversationId, title: "My own title" },
          })
          .then((response) => response.statusCode);
      },
    });
    expect(await renamed).toBe(200);
    const stored = await t.app.inject({
      url: `/api/internal/userConversations/${ids(frames).conversationId}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(stored.json().title).toBe("My own title");
  });

  it("tells a page that follows a new conversation's answer while its title is made that the answer is final", async () => {
    fake.enqueue({ tokens: ["Done", " here."] }, { tokens: ["Late title"], headerDelayMs: 800 });
    let following: Promise<Awaited<ReturnType<typeof readStream>>> | undefined;
    await ask("Follow me while titled", {
      onFrame: (frame, all) => {
        if (frame.event !== "response-model") return;
        const { conversationId, conversationSegmentId } = ids(all);
        following = readStream(`${base}/api/internal/userConversations/${conversationId}/segments/${conversationSegmentId}/stream`, token);
      },
    });
    const { frames } = await following!;
    expect(frames.map((f) => f.event)).toEqual(["conversation-and-segment-id", "response-updated", "response-model", "no-more-data"]);
    expect(answerOf(frames)).toBe("Done here.");
    expect(frames[2]!.data).toMatchObject({ status: "Complete", errorText: null });
  });

  it("stores the question before the model is called, and the answer while it streams", async () => {
    fake.enqueue({ tokens: ["a", "b", "c", "d", "e", "f", "g", "h"], headerDelayMs: 400, delayMs: 120 }, { tokens: ["T"] });
    let segmentId = "";
    const seen: { status: string; answer: string }[] = [];
    const poll = setInterval(() => {
      if (segmentId) void segmentRow(segmentId).then((r) => seen.push({ status: r.status, answer: r.answer }));
    }, 50);
    await ask("Slow one", { onFrame: (frame) => (frame.event === "conversation-and-segment-id" ? (segmentId = ids([frame]).conversationSegmentId) : undefined) });
    clearInterval(poll);
    expect(seen[0]).toEqual({ status: "Pending", answer: "" });
    const streaming = seen.filter((s) => s.status === "Streaming");
    expect(streaming.length).toBeGreaterThan(0);
    expect(streaming.some((s) => s.answer.length > 0 && s.answer.length < 8)).toBe(true);
    expect((await segmentRow(segmentId)).answer).toBe("abcdefgh");
  });

  it("keeps the partial answer marked Aborted when the client goes away and nobody follows it, and stops the provider", async () => {
    fake.enqueue({ tokens: Array.from({ length: 40 }, (_, i) => `w${i} `), delayMs: 30 });
    const controller = new AbortController();
    const abortedBefore = fake.abortedCount();
    let segmentId = "";
    const { frames } = await ask("Long answer please", {
      controller,
      onFrame: (frame, all) => {
        if (frame.event === "conversation-and-segment-id") segmentId = ids([frame]).conversationSegmentId;
        if (all.filter((f) => f.event === "response-updated").length === 5) controller.abort();
      },
    });
    expect(answerOf(frames)).toBe("w0 w1 w2 w3 w4 ");
    await expect.poll(async () => (await segmentRow(segmentId)).status).toBe("Aborted");
    const row = await segmentRow(segmentId);
    expect(row.answer.startsWith("w0 w1 w2 w3 w4 ")).toBe(true);
    expect(row.answer.length).toBeLessThan(40 * 4);
    expect(row.question).toBe("Long answer please");
    await expect.poll(() => fake.abortedCount()).toBe(abortedBefore + 1);
  });

  it("goes on answering when the asking page goes away and a reloaded page follows within the grace period", async () => {
    const tokens = Array.from({ length: 12 }, (_, i) => `r${i} `);
    fake.enqueue({ tokens, delayMs: 40 }, { tokens: ["T"] });
    const controller = new AbortController();
    const abortedBefore = fake.abortedCount();
    let segment = { conversationId: "", conversationSegmentId: "" };
    await ask("Reload while answering", {
      controller,
      onFrame: (frame, all) => {
        if (frame.event === "conversation-and-segment-id") segment = ids([frame]);
        if (all.filter((f) => f.event === "response-updated").length === 3) controller.abort();
      },
    });
    const follow = await readStream(`${base}/api/internal/userConversations/${segment.conversationId}/segments/${segment.conversationSegmentId}/stream`, token);
    expect(answerOf(follow.frames)).toBe(tokens.join(""));
    // The status line comes again before the answer so far, as it came to the asking page.
    expect(follow.frames.slice(0, 3)).toEqual([
      { event: "conversation-and-segment-id", data: segment },
      { event: "step-update", data: "Generating the answer" },
      { event: "response-updated", data: expect.stringMatching(/^r0 r1 r2 /) },
    ]);
    expect(follow.frames.at(-2)).toEqual({ event: "response-model", data: expect.objectContaining({ status: "Complete" }) });
    expect(await segmentRow(segment.conversationSegmentId)).toMatchObject({ status: "Complete", answer: tokens.join("") });
    expect(fake.abortedCount()).toBe(abortedBefore);
  });

  it("stops an answer at once with stopUserConversationSegment, answering once it is stored as Aborted", async () => {
    fake.enqueue({ tokens: Array.from({ length: 40 }, (_, i) => `s${i} `), delayMs: 30 });
    const abortedBefore = fake.abortedCount();
    const stop = stopAfterChunks(base, token, 3);
    const { frames } = await ask("Stop me", { onFrame: stop.onFrame });
    expect((await stop.sent.stopped!).status).toBe(204);
    const { segment } = stop.sent;
    // The asker's own stream, still open, ends with the stopped state.
    expect(frames.at(-2)).toEqual({ event: "response-model", data: expect.objectContaining({ status: "Aborted" }) });
    const row = await segmentRow(segment.conversationSegmentId);
    expect(row.status).toBe("Aborted");
    expect(row.answer).toBe(answerOf(frames));
    expect(row.answer.startsWith("s0 s1 s2 ")).toBe(true);
    expect(row.answer.length).toBeLessThan(40 * 4);
    await expect.poll(() => fake.abortedCount()).toBe(abortedBefore + 1);
  });

  it("answers 404 to another user's stop and leaves the answer going; an ended answer's stop is a 204 that changes nothing", async () => {
    const other = await t.tokenFor(await t.createUser({ userName: `stranger-${Date.now()}`, roles: ["user"] }));
    fake.enqueue({ tokens: ["o1 ", "o2 ", "o3 ", "o4"], delayMs: 40 }, { tokens: ["T"] });
    let stopUrl = "";
    let strangerStatus: Promise<number> | undefined;
    const { frames } = await ask("Not yours to stop", {
      onFrame: (frame) => {
        if (frame.event !== "conversation-and-segment-id") return;
        const { conversationId, conversationSegmentId } = ids([frame]);
        stopUrl = `${base}/api/internal/userConversations/${conversationId}/segments/${conversationSegmentId}/stop`;
        strangerStatus = fetch(stopUrl, { method: "POST", headers: { authorization: `Bearer ${other}` } }).then((r) => r.status);
      },
    });
    expect(await strangerStatus).toBe(404);
    expect(answerOf(frames)).toBe("o1 o2 o3 o4");
    const segmentId = ids(frames).conversationSegmentId;
    expect((await segmentRow(segmentId)).status).toBe("Complete");
    const late = await fetch(stopUrl, { method: "POST", headers: { authorization: `Bearer ${token}` } });
    expect(late.status).toBe(204);
    expect(await segmentRow(segmentId)).toMatchObject({ status: "Complete", answer: "o1 o2 o3 o4" });
  });

  it.each([
    ["a 429", { fail: { status: 429, message: "quota" } }, /rate limiting requests \(429\)/, ""],
    ["a 500", { fail: { status: 500, message: "upstream broke" } }, /answered with an error \(500\)/, ""],
    ["a mid-stream reset", { tokens: ["part", "ial", "never"], resetAfter: 2 }, /could not be reached or the connection broke/, "partial"],
  ])("marks the answer Failed with the error text after %s, keeping the question", async (_name, script, message, partial) => {
    fake.enqueue(script);
    const { frames } = await ask("Will this fail?");
    const events = frames.map((f) => f.event);
    expect(events.slice(-3)).toEqual(["error", "response-model", "no-more-data"]);
    const errorText = frames.find((f) => f.event === "error")!.data as string;
    expect(errorText).toMatch(message);
    const row = await segmentRow(ids(frames).conversationSegmentId);
    expect(row).toMatchObject({ status: "Failed", question: "Will this fail?", answer: partial });
    expect(row.errorText).toMatch(message);
  });

  it("keeps an answer cut by the agent's length limit Complete, and tells the user where and why it stops", async () => {
    fake.enqueue({ tokens: ["Trunc", "ated"], finishReason: "length", usage: { inputTokens: 9, outputTokens: 2 } });
    fake.enqueue({ tokens: ["Title"] });
    const { frames } = await ask("Write at length");
    const notice = "The answer stops here: it reached the longest answer this agent allows.";
    expect(frames.map((f) => f.event).slice(-5)).toEqual(["response-updated", "response-updated", "error", "response-model", "no-more-data"]);
    expect(frames.find((f) => f.event === "error")!.data).toBe(`\n\n${notice}`);
    expect(frames.find((f) => f.event === "response-model")!.data).toMatchObject({ status: "Complete", errorText: notice });
    expect(await segmentRow(ids(frames).conversationSegmentId)).toMatchObject({
      status: "Complete",
      answer: "Truncated",
      errorText: notice,
      inputTokens: 9,
      outputTokens: 2,
    });
  });

  it.each([
    ["nothing", { tokens: [] }, "The model returned no answer. Try again."],
    ["only white space", { tokens: ["\n", " "] }, "The model returned no answer. Try again."],
    ["a whole answer where a stream was asked for", { notAStream: { contentType: "application/json", text: '{"choices":[]}' } }, "OpenAI did not answer with a stream of events (application/json). An administrator must check the connection's address."],
  ])("marks an answer Failed when the model sent %s", async (_name, script, errorText) => {
    fake.enqueue(script);
    const { frames } = await ask("Answer me");
    expect(frames.map((f) => f.event).slice(-3)).toEqual(["error", "response-model", "no-more-data"]);
    expect(frames.find((f) => f.event === "response-model")!.data).toMatchObject({ status: "Failed", errorText });
    expect(await segmentRow(ids(frames).conversationSegmentId)).toMatchObject({ status: "Failed", question: "Answer me", errorText });
    // No title is asked for an answer that failed: the conversation keeps its question's.
    expect(fake.requests.at(-1)!.body.max_completion_tokens).not.toBe(24);
  });

  it("marks an answer that Anthropic's model declined Failed with a readable text, and stores the tokens a broken answer spent", async () => {
    const { gptSystemId } = await createAgent(t.deps.database.db, { anthropicBaseUrl: fake.anthropicBaseUrl, encryptionKey: t.deps.config.encryptionKey });
    const askClaude = (question: string) => readStream(`${base}/api/internal/userConversations/byGptSystemId/${gptSystemId}`, token, { question });
    fake.enqueue({ finishReason: "refusal", usage: { inputTokens: 30, outputTokens: 0 } });
    const declined = await askClaude("Something it declines");
    expect(await segmentRow(ids(declined.frames).conversationSegmentId)).toMatchObject({
      status: "Failed",
      errorText: "The model declined to answer this question.",
      inputTokens: 30,
    });
    fake.enqueue({ tokens: ["one", "two", "three"], resetAfter: 2, usage: { inputTokens: 1234, outputTokens: 3 } });
    const broken = await askClaude("A long question");
    expect(await segmentRow(ids(broken.frames).conversationSegmentId)).toMatchObject({ status: "Failed", answer: "onetwo", inputTokens: 1234, outputTokens: 1 });
  });
});
