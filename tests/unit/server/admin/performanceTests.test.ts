/** Performance tests: saved prompt sets, runs through the chat's model path against a fake model, history, access. */
import { eq } from "drizzle-orm";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { performanceTestResults, performanceTestRuns } from "../../../../src/server/db/analyticsSchema";
import { conversations, gptSystems } from "../../../../src/server/db/chatSchema";
import {
  INTERRUPTED_TEXT,
  registerPerformanceTestRunner,
  runFinished,
} from "../../../../src/server/features/adminPerformanceTests/runner";
import { buildTestApp, TEST_ADMIN, type TestApp } from "../../../helpers/buildTestApp";
import { createAgent } from "../../../helpers/chatFixtures";
import { startFakeModelServer, type FakeModelServer } from "../../../fakes/fakeModelServer";
import { adminApi, listQuery } from "./adminTestKit";

let t: TestApp;
let fake: FakeModelServer;
let api: ReturnType<typeof adminApi>;
let agentId: string;

beforeAll(async () => {
  t = await buildTestApp();
  fake = await startFakeModelServer();
  const adminToken = await t.tokenFor(TEST_ADMIN.userName);
  api = adminApi(t, () => adminToken);
  agentId = (
    await createAgent(t.deps.database.db, {
      name: "Timed agent",
      openaiBaseUrl: fake.openaiBaseUrl,
      encryptionKey: t.deps.config.encryptionKey,
      systemPrompt: "You answer briefly.",
    })
  ).gptSystemId;
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const create = (body: object) => api("POST", "/performanceTests", body);

describe("performance tests (the saved prompt sets)", () => {
  it("creates, lists, changes and deletes a test, checking each field", async () => {
    const created = await create({ name: " Smoke ", gptSystemId: agentId, prompts: ["Hello", " What is 2+2? "] });
    expect(created.statusCode).toBe(201);
    const test = created.json();
    expect(test).toEqual({
      performanceTestId: expect.any(String),
      name: "Smoke",
      description: "",
      gptSystemId: agentId,
      gptSystemName: "Timed agent",
      prompts: ["Hello", "What is 2+2?"],
      promptCount: 2,
      lastRunAt: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const invalid = await create({
      name: "x",
      gptSystemId: "00000000-0000-4000-8000-000000000000",
      prompts: ["ok", "  "],
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors).toEqual({ "prompts.1": ["is required"], gptSystemId: ["is not an agent"] });
    expect((await create({ name: "x", gptSystemId: agentId, prompts: [] })).json().errors).toEqual({
      prompts: ["must have at least 1 items"],
    });

    const list = await api(
      "GET",
      `/performanceTests${listQuery({ sort: ["name", "ASC"], range: [0, 9], filter: { q: "smo" } })}`,
    );
    expect(list.headers["content-range"]).toBe("performanceTests 0-0/1");
    expect(list.json()).toEqual([test]);

    const changed = await api("PUT", `/performanceTests/${test.performanceTestId}`, { ...test, prompts: ["Only one"] });
    expect(changed.json()).toMatchObject({ prompts: ["Only one"], promptCount: 1 });
    const deleted = await api("DELETE", `/performanceTests/${test.performanceTestId}`);
    expect(deleted.json()).toMatchObject({ performanceTestId: test.performanceTestId });
    const gone = await api("GET", `/performanceTests/${test.performanceTestId}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().detail).toBe("No such performance test.");
  });
});

describe("runs", () => {
  it("runs each prompt through the agent's model and records first token, total time and tokens per second", async () => {
    const test = (
      await create({ name: "Latency", gptSystemId: agentId, prompts: ["First prompt", "Second prompt"] })
    ).json();
    fake.enqueue(
      { tokens: ["Hel", "lo", "!"], delayMs: 60, usage: { inputTokens: 12, outputTokens: 30 } },
      { fail: { status: 400, message: "The model refused this prompt" } },
    );
    const conversationsBefore = (await t.deps.database.db.select().from(conversations)).length;
    const started = await api("POST", `/performanceTests/${test.performanceTestId}/runs`);
    expect(started.statusCode).toBe(202);
    const run = started.json();
    expect(run).toMatchObject({
      performanceTestId: test.performanceTestId,
      gptSystemId: agentId,
      gptSystemName: "Timed agent",
      deploymentName: "fake-model",
      status: "Running",
      completedAt: null,
      startedByDisplayName: expect.any(String),
      results: [
        { position: 0, prompt: "First prompt", status: expect.stringMatching(/^(Pending|Running)$/) },
        { position: 1, prompt: "Second prompt", status: "Pending" },
      ],
    });

    await runFinished(run.runId);
    const done = (await api("GET", `/performanceTests/${test.performanceTestId}/runs/${run.runId}`)).json();
    expect(done.status).toBe("Complete");
    expect(done.completedAt).toEqual(expect.any(String));
    const [first, second] = done.results;
    expect(first).toMatchObject({ status: "Complete", outputTokens: 30, errorText: null });
    // Three chunks, each after 60 ms: the first token comes after one pause at least, the answer after three.
    expect(first.timeToFirstTokenMs).toBeGreaterThanOrEqual(55);
    expect(first.totalMs).toBeGreaterThanOrEqual(Math.max(first.timeToFirstTokenMs, 170));
    expect(first.tokensPerSecond).toBe(Math.round((30 / (first.totalMs / 1000)) * 100) / 100);
    expect(second).toMatchObject({
      status: "Failed",
      timeToFirstTokenMs: null,
      outputTokens: null,
      tokensPerSecond: null,
    });
    expect(second.errorText).toContain("The model refused this prompt");
    expect(done).toMatchObject({
      averageTimeToFirstTokenMs: first.timeToFirstTokenMs,
      averageTotalMs: first.totalMs,
      averageTokensPerSecond: first.tokensPerSecond,
    });

    // The same model input as the chat: the agent's system prompt, then the prompt as a user turn.
    const sent = fake.requests.at(-2)!.body as { model: string; messages: { role: string; content: string }[] };
    expect(sent.model).toBe("fake-model");
    expect(sent.messages).toEqual([
      { role: "system", content: "You answer briefly." },
      { role: "user", content: "First prompt" },
    ]);
    expect((await t.deps.database.db.select().from(conversations)).length).toBe(conversationsBefore);

    fake.enqueue({ tokens: ["ok"] }, { tokens: ["ok"] });
    const again = (await api("POST", `/performanceTests/${test.performanceTestId}/runs`)).json();
    await runFinished(again.runId);
    const history = await api("GET", `/performanceTests/${test.performanceTestId}/runs`);
    expect(history.headers["content-range"]).toBe("performanceTestRuns 0-1/2");
    expect(history.json().map((r: { runId: string; status: string }) => [r.runId, r.status])).toEqual([
      [again.runId, "Complete"],
      [run.runId, "Complete"],
    ]);
    expect((await api("GET", `/performanceTests/${test.performanceTestId}`)).json().lastRunAt).toBe(again.startedAt);
  });

  it("refuses to run an agent with no published configuration, and 404s unknown tests and runs", async () => {
    const test = (await create({ name: "Draft", gptSystemId: agentId, prompts: ["Hi"] })).json();
    await t.deps.database.db
      .update(gptSystems)
      .set({ publishedConfigStateId: null })
      .where(eq(gptSystems.gptSystemId, agentId));
    try {
      const refused = await api("POST", `/performanceTests/${test.performanceTestId}/runs`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().detail).toBe("The test's agent has no published configuration yet.");
    } finally {
      const [state] = await t.deps.database.db.query.configStates.findMany({
        where: (c, { eq: is }) => is(c.gptSystemId, agentId),
      });
      await t.deps.database.db
        .update(gptSystems)
        .set({ publishedConfigStateId: state!.configStateId })
        .where(eq(gptSystems.gptSystemId, agentId));
    }
    const missing = "00000000-0000-4000-8000-000000000000";
    expect((await api("POST", `/performanceTests/${missing}/runs`)).statusCode).toBe(404);
    expect((await api("GET", `/performanceTests/${test.performanceTestId}/runs/${missing}`)).statusCode).toBe(404);
  });

  it("marks a run a previous process left Running as Failed when the server is ready", async () => {
    const test = (await create({ name: "Crashed", gptSystemId: agentId, prompts: ["a", "b"] })).json();
    const db = t.deps.database.db;
    const [run] = await db
      .insert(performanceTestRuns)
      .values({
        performanceTestId: test.performanceTestId,
        gptSystemId: agentId,
        configStateId: agentId,
        languageEngine: "local",
        deploymentName: "local",
        status: "Running",
        startedByDisplayName: "Someone",
      })
      .returning();
    await db.insert(performanceTestResults).values([
      { runId: run!.runId, position: 0, prompt: "a", status: "Complete", totalMs: 5 },
      { runId: run!.runId, position: 1, prompt: "b", status: "Running" },
    ]);
    const app = Fastify();
    registerPerformanceTestRunner(app, t.deps);
    await app.ready();
    await app.close();
    const after = (await api("GET", `/performanceTests/${test.performanceTestId}/runs/${run!.runId}`)).json();
    expect(after.status).toBe("Failed");
    expect(after.results.map((r: { status: string; errorText: string | null }) => [r.status, r.errorText])).toEqual([
      ["Complete", null],
      ["Failed", INTERRUPTED_TEXT],
    ]);
  });
});

describe("access", () => {
  it("lets Analytics readers read, and only creators run or save tests", async () => {
    const reader = await t.tokenFor(await t.createUser({ userName: "perf-reader", actions: ["AnalyticsRead"] }));
    const brands = await t.tokenFor(await t.createUser({ userName: "perf-brands", actions: ["BrandsRead"] }));
    expect((await api("GET", "/performanceTests", undefined, reader)).statusCode).toBe(200);
    expect((await api("GET", "/performanceTests", undefined, brands)).statusCode).toBe(403);
    const refused = await api("POST", "/performanceTests", { name: "x", gptSystemId: agentId, prompts: ["x"] }, reader);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe("This operation requires one of these actions: AnalyticsCreate.");
    const anonymous = await t.app.inject({ url: "/api/internal/admin/performanceTests" });
    expect(anonymous.statusCode).toBe(401);
  });
});
