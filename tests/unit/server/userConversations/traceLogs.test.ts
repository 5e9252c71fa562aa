/** Trace logs (spec §7): recorded while an answer streams, stored with it, read only by the conversation's owner. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, TEST_ADMIN, type TestApp } from "../../../helpers/buildTestApp";
import { createAgent, listen, readStream, stopAfterChunks, type Frame } from "../../../helpers/chatFixtures";
import { startFakeModelServer, type FakeModelServer } from "../../../fakes/fakeModelServer";
import {
  MAX_TRACE_ENTRIES,
  TraceLog,
  type TraceLogEntry,
} from "../../../../src/server/features/userConversations/traceLog";

let t: TestApp;
let base: string;
let fake: FakeModelServer;
let token: string;
let otherToken: string;
let agentId: string;
const missing = "00000000-0000-4000-8000-000000000000";

beforeAll(async () => {
  fake = await startFakeModelServer();
  t = await buildTestApp();
  base = await listen(t.app);
  token = await t.tokenFor(await t.createUser({ userName: "tracer", roles: ["user"] }));
  otherToken = await t.tokenFor(await t.createUser({ userName: "tracer-other", roles: ["user"] }));
  ({ gptSystemId: agentId } = await createAgent(t.deps.database.db, {
    openaiBaseUrl: fake.openaiBaseUrl,
    encryptionKey: t.deps.config.encryptionKey,
  }));
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const ids = (frames: Frame[]) => frames[0]!.data as { conversationId: string; conversationSegmentId: string };
const ask = (question: string, options: Parameters<typeof readStream>[3] = {}) =>
  readStream(`${base}/api/internal/userConversations/byGptSystemId/${agentId}`, token, { question }, options);
const traceOf = (conversationId: string, segmentId: string, as = token) =>
  t.app.inject({
    url: `/api/internal/userConversations/${conversationId}/segments/${segmentId}/traceLogs`,
    headers: { authorization: `Bearer ${as}` },
  });
async function storedTrace(frames: Frame[]): Promise<TraceLogEntry[]> {
  const { conversationId, conversationSegmentId } = ids(frames);
  const response = await traceOf(conversationId, conversationSegmentId);
  expect(response.statusCode).toBe(200);
  return (response.json() as { traceLogs: TraceLogEntry[] }).traceLogs;
}
const events = (trace: TraceLogEntry[]) => trace.map((e) => e.event);

describe("the trace log of a streamed answer", () => {
  it("records request-received … first-token … finished in order, with growing elapsed times", async () => {
    fake.enqueue(
      { tokens: ["Hel", "lo"], delayMs: 30, headerDelayMs: 60, usage: { inputTokens: 9, outputTokens: 2 } },
      { tokens: ["Title 😀😀"] },
    );
    const { frames } = await ask("Trace me");
    const trace = await storedTrace(frames);
    expect(events(trace)).toEqual([
      "request-received",
      "question-stored",
      "retrieval",
      "step",
      "provider-request",
      "first-token",
      "usage",
      "finished",
      "title-generated",
    ]);
    expect(trace[0]).toMatchObject({ elapsedMs: 0, level: "info", message: "Question received" });
    expect(trace.find((e) => e.event === "step")!.message).toBe("Generating the answer");
    expect(trace.find((e) => e.event === "provider-request")!.data).toEqual({
      provider: "openai",
      model: "fake-model",
    });
    expect(trace.find((e) => e.event === "question-stored")!.data).toEqual({
      model: "fake-model",
      engine: expect.any(String),
    });
    expect(trace.find((e) => e.event === "usage")!.data).toEqual({ inputTokens: 9, outputTokens: 2 });
    expect(trace.find((e) => e.event === "finished")).toMatchObject({ level: "info", data: { characters: 5 } });
    // Characters as titles count them: an emoji is one.
    expect(trace.find((e) => e.event === "title-generated")!.data).toEqual({ characters: 8 });
    for (let i = 1; i < trace.length; i += 1) {
      expect(trace[i]!.elapsedMs).toBeGreaterThanOrEqual(trace[i - 1]!.elapsedMs);
      expect(Date.parse(trace[i]!.at)).toBeGreaterThanOrEqual(Date.parse(trace[i - 1]!.at));
    }
    // The provider waited 60 ms before its headers and 30 ms before each chunk.
    const firstToken = trace.find((e) => e.event === "first-token")!.elapsedMs;
    const providerRequest = trace.find((e) => e.event === "provider-request")!.elapsedMs;
    expect(firstToken - providerRequest).toBeGreaterThanOrEqual(80);
    expect(trace.find((e) => e.event === "finished")!.elapsedMs).toBeLessThan(10_000);
  });

  it("never stores the connection's API key, the prompt or the question", async () => {
    fake.enqueue({ tokens: ["Fine"] }, { tokens: ["T"] });
    const { frames } = await ask("A secret question 7f3a");
    const text = JSON.stringify(await storedTrace(frames));
    expect(text).not.toContain("sk-test-key");
    expect(text).not.toContain("7f3a");
    expect(text).not.toContain("You are a test agent.");
    expect(fake.requests.at(-2)!.headers.authorization).toBe("Bearer sk-test-key");
  });

  it("records aborted when the client goes away", async () => {
    fake.enqueue({ tokens: Array.from({ length: 40 }, (_, i) => `w${i} `), delayMs: 30 });
    const controller = new AbortController();
    let segment = { conversationId: "", conversationSegmentId: "" };
    await ask("Long one", {
      controller,
      onFrame: (frame, all) => {
        if (frame.event === "conversation-and-segment-id") segment = ids([frame]);
        if (all.filter((f) => f.event === "response-updated").length === 3) controller.abort();
      },
    });
    await expect
      .poll(async () => events((await traceOf(segment.conversationId, segment.conversationSegmentId)).json().traceLogs))
      .toContain("aborted");
    const trace = (await traceOf(segment.conversationId, segment.conversationSegmentId)).json()
      .traceLogs as TraceLogEntry[];
    expect(events(trace).slice(-2)).toEqual(["first-token", "aborted"]);
    expect(trace.at(-1)).toMatchObject({ level: "warning", message: "The client went away; the partial answer was kept" });
  });

  it("records aborted as the user's Stop when the answer was stopped", async () => {
    fake.enqueue({ tokens: Array.from({ length: 40 }, (_, i) => `s${i} `), delayMs: 30 });
    const stop = stopAfterChunks(base, token, 3);
    await ask("Stop this one", { onFrame: stop.onFrame });
    expect((await stop.sent.stopped!).status).toBe(204);
    const { segment } = stop.sent;
    const trace = (await traceOf(segment.conversationId, segment.conversationSegmentId)).json().traceLogs as TraceLogEntry[];
    expect(trace.at(-1)).toMatchObject({
      event: "aborted",
      level: "warning",
      message: "Stopped by the user; the partial answer was kept",
    });
  });

  it.each([429, 500])("records failed with the provider's status %i", async (statusCode) => {
    fake.enqueue({ fail: { status: statusCode, message: "upstream says no" } });
    const { frames } = await ask("Will it fail?");
    const trace = await storedTrace(frames);
    expect(events(trace).at(-1)).toBe("failed");
    expect(events(trace)).not.toContain("first-token");
    expect(trace.at(-1)).toMatchObject({
      level: "error",
      message: `The model provider failed (HTTP ${statusCode})`,
      data: { status: statusCode, characters: 0 },
    });
  });
});

describe("reading trace logs", () => {
  it("answers 404 problem+json for another user's conversation and for a segment not in it", async () => {
    fake.enqueue({ tokens: ["Mine"] }, { tokens: ["T"] });
    const { frames } = await ask("Private");
    const { conversationId, conversationSegmentId } = ids(frames);
    const others = await traceOf(conversationId, conversationSegmentId, otherToken);
    expect(others.statusCode).toBe(404);
    expect(others.headers["content-type"]).toBe("application/problem+json; charset=utf-8");
    expect(others.json()).toMatchObject({ status: 404, title: "Not Found" });
    const notInIt = await traceOf(conversationId, missing);
    expect(notInIt.statusCode).toBe(404);
    expect(notInIt.json()).toMatchObject({ status: 404, detail: "No such segment." });
  });

  it("serves an administrator's test conversation's trace under its configuration state, to that administrator only", async () => {
    const adminToken = await t.tokenFor(TEST_ADMIN.userName);
    const otherAdmin = await t.tokenFor(await t.createUser({ userName: "tracer-admin", roles: ["admin"] }));
    const draft = await t.app.inject({
      method: "POST",
      url: `/api/internal/admin/gptSystems/${agentId}/configStates`,
      headers: { authorization: `Bearer ${adminToken}` },
    });
    const configStateId = draft.json().configStateId as string;
    fake.enqueue({ tokens: ["Draft"] }, { tokens: ["T"] });
    const { frames } = await readStream(
      `${base}/api/internal/admin/configStates/${configStateId}/conversations`,
      adminToken,
      { question: "Test" },
    );
    const { conversationId, conversationSegmentId } = ids(frames);
    const url = `/api/internal/admin/configStates/${configStateId}/conversations/${conversationId}/segments/${conversationSegmentId}/traceLogs`;
    const own = await t.app.inject({ url, headers: { authorization: `Bearer ${adminToken}` } });
    expect(own.statusCode).toBe(200);
    expect(events(own.json().traceLogs).slice(0, 2)).toEqual(["request-received", "question-stored"]);
    expect(events(own.json().traceLogs)).toContain("finished");
    const others = await t.app.inject({ url, headers: { authorization: `Bearer ${otherAdmin}` } });
    expect(others.statusCode).toBe(404);
    expect(others.headers["content-type"]).toBe("application/problem+json; charset=utf-8");
  });
});

describe("TraceLog", () => {
  it(`keeps at most ${MAX_TRACE_ENTRIES} entries, says how many it left out, and keeps the closing ones`, () => {
    const trace = new TraceLog(Date.now(), performance.now());
    for (let i = 0; i < 500; i += 1) trace.add("step", `Step ${i}`);
    trace.add("usage", "Token usage reported", { inputTokens: 1, outputTokens: 2 });
    trace.add("finished", "Answer complete");
    const entries = trace.list();
    expect(entries.length).toBeLessThanOrEqual(MAX_TRACE_ENTRIES);
    expect(entries.slice(-2).map((e) => e.event)).toEqual(["usage", "finished"]);
    const truncated = entries.find((e) => e.event === "truncated")!;
    expect(truncated.level).toBe("warning");
    expect(truncated.data!.dropped).toBe(500 - entries.filter((e) => e.event === "step").length);
  });

  it("truncates long messages and drops or masks anything that looks like a credential", () => {
    const trace = new TraceLog(Date.now(), performance.now());
    trace.add("step", "x".repeat(1000));
    trace.add(
      "failed",
      "Refused for Bearer abc.def and sk-live1234567890",
      { apiKey: "k", status: 401, note: "api_key=zzz" },
      "error",
    );
    const [long, failed] = trace.list();
    expect(long!.message.length).toBe(300);
    expect(failed!.message).toBe("Refused for [redacted] and [redacted]");
    expect(failed!.data).toEqual({ status: 401, note: "[redacted]" });
  });
});
