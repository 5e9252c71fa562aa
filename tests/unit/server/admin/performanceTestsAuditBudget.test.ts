/** Performance tests are configuration (audited) and spend tokens (budgeted) like the chat. */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../../../src/server/db/schema";
import {
  monthBounds,
  NO_CAPS,
  tokensSince,
  type BudgetCaps,
} from "../../../../src/server/features/adminInstanceSettings/budget";
import { writeSetting } from "../../../../src/server/features/adminInstanceSettings/settingsStore";
import { runFinished } from "../../../../src/server/features/adminPerformanceTests/runner";
import { buildTestApp, TEST_ADMIN, type TestApp } from "../../../helpers/buildTestApp";
import { createAgent } from "../../../helpers/chatFixtures";
import { startFakeModelServer, type FakeModelServer } from "../../../fakes/fakeModelServer";
import { adminApi, auditOf, listQuery } from "./adminTestKit";

let t: TestApp;
let fake: FakeModelServer;
let api: ReturnType<typeof adminApi>;
let agentId: string;
let adminId: string;

const setCaps = (caps: Partial<BudgetCaps>) =>
  t.deps.database.db.transaction((tx) => writeSetting(tx, "budget", { ...NO_CAPS, ...caps }));
const resetsOn = () =>
  new Intl.DateTimeFormat("en-GB", { month: "long", timeZone: "UTC" }).format(monthBounds(new Date()).next);

beforeAll(async () => {
  t = await buildTestApp();
  fake = await startFakeModelServer();
  const token = await t.tokenFor(TEST_ADMIN.userName);
  api = adminApi(t, () => token);
  agentId = (
    await createAgent(t.deps.database.db, {
      name: "Budgeted agent",
      openaiBaseUrl: fake.openaiBaseUrl,
      encryptionKey: t.deps.config.encryptionKey,
    })
  ).gptSystemId;
  const [admin] = await t.deps.database.db.select().from(users).where(eq(users.userName, TEST_ADMIN.userName));
  adminId = admin!.userId;
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const newTest = async (prompts: string[]) =>
  (await api("POST", "/performanceTests", { name: "Budget", gptSystemId: agentId, prompts })).json();

describe("performance tests in the configuration audit log", () => {
  it("records who saved, changed and deleted a test, with before and after", async () => {
    const test = await newTest(["Hello"]);
    await api("PUT", `/performanceTests/${test.performanceTestId}`, { ...test, name: "Renamed" });
    await api("DELETE", `/performanceTests/${test.performanceTestId}`);
    const entries = await auditOf(t, test.performanceTestId);
    expect(entries.map((e) => [e.entityType, e.operation, e.actorDisplayName])).toEqual([
      ["PerformanceTest", "Delete", expect.any(String)],
      ["PerformanceTest", "Update", expect.any(String)],
      ["PerformanceTest", "Create", expect.any(String)],
    ]);
    expect(entries[0]!.actorUserId).toBe(adminId);
    expect(entries[1]!.before).toMatchObject({ name: "Budget", prompts: ["Hello"] });
    expect(entries[1]!.after).toMatchObject({ name: "Renamed", prompts: ["Hello"] });
    expect(entries[2]!.after).toMatchObject({ name: "Budget", gptSystemId: agentId });

    const filter = { entityType: "PerformanceTest", entityId: test.performanceTestId };
    const listed = await api("GET", `/auditLogging${listQuery({ filter })}`);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toHaveLength(3);
  });

  it("records each run started, with the configuration it runs", async () => {
    const test = await newTest(["One"]);
    fake.enqueue({ tokens: ["ok"] });
    const run = (await api("POST", `/performanceTests/${test.performanceTestId}/runs`)).json();
    await runFinished(run.runId);
    const [entry] = await auditOf(t, run.runId);
    expect(entry).toMatchObject({
      entityType: "PerformanceTestRun",
      operation: "Create",
      actorUserId: adminId,
      before: null,
      after: {
        performanceTestId: test.performanceTestId,
        gptSystemId: agentId,
        configStateId: run.configStateId,
        languageEngine: run.languageEngine,
        deploymentName: "fake-model",
        promptCount: 1,
      },
    });
  });
});

describe("performance tests in the monthly budgets", () => {
  it("counts a run's input and output tokens for the admin who started it, the agent and the instance", async () => {
    const { start } = monthBounds(new Date());
    const before = {
      user: await tokensSince(t.deps.database.db, start, { userId: adminId }),
      agent: await tokensSince(t.deps.database.db, start, { gptSystemId: agentId }),
      instance: await tokensSince(t.deps.database.db, start),
    };
    const test = await newTest(["Count me"]);
    fake.enqueue({ tokens: ["Counted"], usage: { inputTokens: 12, outputTokens: 30 } });
    const run = (await api("POST", `/performanceTests/${test.performanceTestId}/runs`)).json();
    await runFinished(run.runId);
    expect(await tokensSince(t.deps.database.db, start, { userId: adminId })).toBe(before.user + 42);
    expect(await tokensSince(t.deps.database.db, start, { gptSystemId: agentId })).toBe(before.agent + 42);
    const budget = (await api("GET", "/instanceSettings/budget")).json();
    expect(budget.usage.instanceTokensThisMonth).toBe(before.instance + 42);
  });

  it("refuses a run once a cap is reached, with the chat's message", async () => {
    const used = await tokensSince(t.deps.database.db, monthBounds(new Date()).start, { gptSystemId: agentId });
    expect(used).toBeGreaterThan(0);
    await setCaps({ monthlyTokenCapPerAgent: used });
    try {
      const test = await newTest(["Too much"]);
      const refused = await api("POST", `/performanceTests/${test.performanceTestId}/runs`);
      expect(refused.statusCode).toBe(429);
      expect(refused.headers["retry-after"]).toEqual(expect.stringMatching(/^\d+$/));
      expect(refused.json()).toMatchObject({
        title: "Budget exceeded",
        detail: `The monthly token budget for this agent has been used up (${used.toLocaleString("en-US")} of ${used.toLocaleString("en-US")} tokens). It resets on 1 ${resetsOn()}.`,
      });
      expect((await api("GET", `/performanceTests/${test.performanceTestId}/runs`)).json()).toEqual([]);
    } finally {
      await setCaps({});
    }
  });

  it("stops a run that reaches a cap: the remaining prompts fail with the same message", async () => {
    const { start } = monthBounds(new Date());
    const used = await tokensSince(t.deps.database.db, start, { userId: adminId });
    await setCaps({ monthlyTokenCapPerUser: used + 50 });
    try {
      const test = await newTest(["First", "Second", "Third"]);
      fake.enqueue({ tokens: ["Big"], usage: { inputTokens: 40, outputTokens: 20 } });
      const run = (await api("POST", `/performanceTests/${test.performanceTestId}/runs`)).json();
      await runFinished(run.runId);
      const done = (await api("GET", `/performanceTests/${test.performanceTestId}/runs/${run.runId}`)).json();
      const message = `The monthly token budget for you has been used up (${(used + 60).toLocaleString("en-US")} of ${(used + 50).toLocaleString("en-US")} tokens). It resets on 1 ${resetsOn()}.`;
      expect(done.status).toBe("Complete");
      expect(done.results.map((r: { status: string; errorText: string | null }) => [r.status, r.errorText])).toEqual([
        ["Complete", null],
        ["Failed", message],
        ["Failed", message],
      ]);
      // The refused prompts never reached the model: its usage stays where the first prompt left it.
      expect(await tokensSince(t.deps.database.db, start, { userId: adminId })).toBe(used + 60);
    } finally {
      await setCaps({});
    }
  });
});
