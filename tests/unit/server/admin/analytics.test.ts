/** Admin analytics: exact figures on seeded conversations, period boundaries, the agent filter, access, CSV export. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeSetting } from "../../../../src/server/features/adminInstanceSettings/settingsStore";
import { buildTestApp, TEST_ADMIN, type TestApp } from "../../../helpers/buildTestApp";
import { createAgent } from "../../../helpers/chatFixtures";
import { adminApi } from "./adminTestKit";
import { seedConversation } from "./analyticsSeed";

let t: TestApp;
let api: ReturnType<typeof adminApi>;
let agentA: string;
let agentB: string;
let agentC: string;
let conv1: string;
let conv2: string;

const MARCH = "reportingPeriod=Custom&from=2026-03-01&to=2026-03-03";
const DAY_MS = 86_400_000;

beforeAll(async () => {
  t = await buildTestApp();
  const adminToken = await t.tokenFor(TEST_ADMIN.userName);
  api = adminApi(t, () => adminToken);
  const db = t.deps.database.db;
  const key = t.deps.config.encryptionKey;
  agentA = (await createAgent(db, { name: "Alpha", encryptionKey: key })).gptSystemId;
  agentB = (await createAgent(db, { name: "Beta", encryptionKey: key })).gptSystemId;
  agentC = (await createAgent(db, { name: "Gamma", encryptionKey: key })).gptSystemId;
  const [u1, u2, u3] = await Promise.all(["ana", "ben", "cyd"].map((userName) => t.createUser({ userName })));
  conv1 = await seedConversation(db, {
    userId: u1!.userId,
    gptSystemId: agentA,
    at: "2026-03-01T00:00:00.000Z",
    title: 'Dosage, "urgent"',
    segments: [
      {
        at: "2026-03-01T00:00:00.000Z",
        inputTokens: 10,
        outputTokens: 20,
        timeToFirstTokenMs: 100,
        durationMs: 1000,
        feedback: "Positive",
        question: "Secret question one",
      },
      {
        at: "2026-03-02T12:00:00.000Z",
        inputTokens: 5,
        outputTokens: 7,
        timeToFirstTokenMs: 300,
        durationMs: 3000,
        feedback: "Negative",
        answer: "Secret answer two",
      },
    ],
  });
  conv2 = await seedConversation(db, {
    userId: u2!.userId,
    gptSystemId: agentB,
    at: "2026-03-03T23:59:59.999Z",
    title: "Beta talk",
    segments: [{ at: "2026-03-03T23:59:59.999Z", inputTokens: 1, outputTokens: 2, durationMs: 500, status: "Failed" }],
  });
  // Started the day before the period: only its question inside the period counts.
  await seedConversation(db, {
    userId: u1!.userId,
    gptSystemId: agentA,
    at: "2026-02-28T23:59:59.999Z",
    segments: [
      {
        at: "2026-02-28T23:59:59.999Z",
        inputTokens: 1000,
        outputTokens: 1000,
        timeToFirstTokenMs: 9000,
        durationMs: 9000,
      },
      {
        at: "2026-03-02T08:00:00.000Z",
        inputTokens: 100,
        outputTokens: 200,
        timeToFirstTokenMs: 200,
        durationMs: 2000,
      },
    ],
  });
  // The first instant after the period.
  await seedConversation(db, {
    userId: u3!.userId,
    gptSystemId: agentB,
    at: "2026-03-04T00:00:00.000Z",
    segments: [{ at: "2026-03-04T00:00:00.000Z", inputTokens: 7, outputTokens: 7, feedback: "Positive" }],
  });
});
afterAll(() => t.close());

describe("summary", () => {
  it("counts conversations by start and questions, users, tokens, feedback and latency by question time", async () => {
    const response = await api("GET", `/analytics/conversations/summary?${MARCH}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      period: { reportingPeriod: "Custom", from: "2026-03-01", to: "2026-03-03", days: 3 },
      gptSystemId: null,
      hipaaMode: false,
      totals: {
        conversations: 2,
        segments: 4,
        activeUsers: 2,
        inputTokens: 116,
        outputTokens: 229,
        feedbackPositive: 1,
        feedbackNegative: 1,
        averageTimeToFirstTokenMs: 200,
        averageDurationMs: 2000,
      },
    });
  });

  it("narrows to one agent with gptSystemId", async () => {
    const response = await api("GET", `/analytics/conversations/summary?${MARCH}&gptSystemId=${agentB}`);
    expect(response.json()).toMatchObject({
      gptSystemId: agentB,
      totals: {
        conversations: 1,
        segments: 1,
        activeUsers: 1,
        inputTokens: 1,
        outputTokens: 2,
        feedbackPositive: 0,
        feedbackNegative: 0,
        averageTimeToFirstTokenMs: null,
        averageDurationMs: null,
      },
    });
  });

  it("answers 404 for an agent that does not exist", async () => {
    const response = await api(
      "GET",
      `/analytics/conversations/summary?${MARCH}&gptSystemId=00000000-0000-4000-8000-000000000000`,
    );
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ status: 404, detail: "No such agent." });
  });

  it("covers today and the days before for Last7Days, up to the first instant of its first day", async () => {
    const db = t.deps.database.db;
    const admin = await t.createUser({ userName: "recent" });
    const today = new Date(new Date().toISOString().slice(0, 10) + "T00:00:00.000Z").getTime();
    const firstDay = new Date(today - 6 * DAY_MS);
    await seedConversation(db, {
      userId: admin.userId,
      gptSystemId: agentC,
      at: firstDay.toISOString(),
      segments: [{ at: firstDay.toISOString(), inputTokens: 3, outputTokens: 4 }],
    });
    const before = new Date(firstDay.getTime() - 1).toISOString();
    await seedConversation(db, {
      userId: admin.userId,
      gptSystemId: agentC,
      at: before,
      segments: [{ at: before, inputTokens: 50, outputTokens: 50 }],
    });
    const response = await api(
      "GET",
      `/analytics/conversations/summary?reportingPeriod=Last7Days&gptSystemId=${agentC}`,
    );
    expect(response.json()).toMatchObject({
      period: {
        reportingPeriod: "Last7Days",
        from: firstDay.toISOString().slice(0, 10),
        to: new Date(today).toISOString().slice(0, 10),
        days: 7,
      },
      totals: { conversations: 1, segments: 1, inputTokens: 3, outputTokens: 4 },
    });
    const month = await api("GET", `/analytics/conversations/summary?reportingPeriod=Last30Days&gptSystemId=${agentC}`);
    expect(month.json()).toMatchObject({ period: { days: 30 }, totals: { conversations: 2, inputTokens: 53 } });
  });

  it("refuses periods it cannot read, naming the parameter", async () => {
    const cases: [string, Record<string, string[]>][] = [
      ["reportingPeriod=Custom&to=2026-03-03", { from: ["is required when reportingPeriod is Custom"] }],
      ["reportingPeriod=Custom&from=2026-03-05&to=2026-03-03", { to: ["must not be before from"] }],
      [
        "reportingPeriod=Custom&from=2025-01-01&to=2026-01-02",
        { to: ["must be at most 366 days after from (both included)"] },
      ],
      ["reportingPeriod=Custom&from=2026-02-30&to=2026-03-03", { from: ["must be a valid date"] }],
      ["reportingPeriod=Last7Days&from=2026-03-01", { from: ["is only allowed when reportingPeriod is Custom"] }],
    ];
    for (const [query, errors] of cases) {
      const response = await api("GET", `/analytics/conversations/summary?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().errors, query).toEqual(errors);
    }
    const missing = await api("GET", "/analytics/conversations/summary");
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().errors)).toEqual(["reportingPeriod"]);
  });
});

describe("per day and per agent", () => {
  it("answers every day of the period, zeros included", async () => {
    const response = await api("GET", `/analytics/conversations/perDay?${MARCH}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().days).toEqual([
      {
        date: "2026-03-01",
        conversations: 1,
        segments: 1,
        activeUsers: 1,
        inputTokens: 10,
        outputTokens: 20,
        feedbackPositive: 1,
        feedbackNegative: 0,
      },
      {
        date: "2026-03-02",
        conversations: 0,
        segments: 2,
        activeUsers: 1,
        inputTokens: 105,
        outputTokens: 207,
        feedbackPositive: 0,
        feedbackNegative: 1,
      },
      {
        date: "2026-03-03",
        conversations: 1,
        segments: 1,
        activeUsers: 1,
        inputTokens: 1,
        outputTokens: 2,
        feedbackPositive: 0,
        feedbackNegative: 0,
      },
    ]);
    const beta = await api(
      "GET",
      `/analytics/conversations/perDay?reportingPeriod=Custom&from=2026-03-03&to=2026-03-04&gptSystemId=${agentB}`,
    );
    expect(
      beta
        .json()
        .days.map((d: { date: string; conversations: number; feedbackPositive: number }) => [
          d.date,
          d.conversations,
          d.feedbackPositive,
        ]),
    ).toEqual([
      ["2026-03-03", 1, 0],
      ["2026-03-04", 1, 1],
    ]);
  });

  it("answers one entry per agent, busiest first", async () => {
    const response = await api("GET", `/analytics/conversations/perAgent?${MARCH}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      period: { reportingPeriod: "Custom", from: "2026-03-01", to: "2026-03-03", days: 3 },
      agents: [
        {
          gptSystemId: agentA,
          name: "Alpha",
          gptSystemType: "System",
          figures: {
            conversations: 1,
            segments: 3,
            activeUsers: 1,
            inputTokens: 115,
            outputTokens: 227,
            feedbackPositive: 1,
            feedbackNegative: 1,
            averageTimeToFirstTokenMs: 200,
            averageDurationMs: 2000,
          },
        },
        {
          gptSystemId: agentB,
          name: "Beta",
          gptSystemType: "System",
          figures: {
            conversations: 1,
            segments: 1,
            activeUsers: 1,
            inputTokens: 1,
            outputTokens: 2,
            feedbackPositive: 0,
            feedbackNegative: 0,
            averageTimeToFirstTokenMs: null,
            averageDurationMs: null,
          },
        },
      ],
    });
  });
});

describe("CSV export", () => {
  const HEADER =
    "date,conversationId,gptSystemId,agentName,userName,segments,inputTokens,outputTokens,feedbackPositive,feedbackNegative,averageTimeToFirstTokenMs,averageDurationMs";

  it("downloads one row per conversation started in the period as analytics-export.csv", async () => {
    const response = await api("GET", `/analytics/conversations/export?${MARCH}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toBe(
      `attachment; filename="analytics-export.csv"; filename*=UTF-8''analytics-export.csv`,
    );
    expect(response.body).toBe(
      [
        `${HEADER},title`,
        `2026-03-01T00:00:00.000Z,${conv1},${agentA},Alpha,ana,2,15,27,1,1,200,2000,"Dosage, ""urgent"""`,
        `2026-03-03T23:59:59.999Z,${conv2},${agentB},Beta,ben,1,1,2,0,0,,,Beta talk`,
        "",
      ].join("\r\n"),
    );
    const beta = await api("GET", `/analytics/conversations/export?${MARCH}&gptSystemId=${agentB}`);
    expect(beta.body.split("\r\n")).toHaveLength(3);
  });

  it("leaves every question and answer text out in HIPAA mode", async () => {
    const db = t.deps.database.db;
    await db.transaction((tx) => writeSetting(tx, "hipaa", { enabled: true, retentionDays: null }));
    try {
      const response = await api("GET", `/analytics/conversations/export?${MARCH}`);
      expect(response.body).toBe(
        [
          HEADER,
          `2026-03-01T00:00:00.000Z,${conv1},${agentA},Alpha,ana,2,15,27,1,1,200,2000`,
          `2026-03-03T23:59:59.999Z,${conv2},${agentB},Beta,ben,1,1,2,0,0,,`,
          "",
        ].join("\r\n"),
      );
      expect(response.body).not.toMatch(/Dosage|Secret|Beta talk/);
      expect((await api("GET", `/analytics/conversations/summary?${MARCH}`)).json().hipaaMode).toBe(true);
    } finally {
      await db.transaction((tx) => writeSetting(tx, "hipaa", { enabled: false, retentionDays: null }));
    }
  });
});

describe("access", () => {
  it("answers 401 without a token and 403 without an Analytics action, and lets any Analytics action read", async () => {
    const anonymous = await t.app.inject({ url: `/api/internal/admin/analytics/conversations/summary?${MARCH}` });
    expect(anonymous.statusCode).toBe(401);
    const brands = await t.tokenFor(await t.createUser({ userName: "brands-only", actions: ["BrandsRead"] }));
    for (const path of ["summary", "perDay", "perAgent", "export"]) {
      const refused = await api("GET", `/analytics/conversations/${path}?${MARCH}`, undefined, brands);
      expect(refused.statusCode, path).toBe(403);
      expect(refused.json().detail).toBe(
        "This operation requires one of these actions: AnalyticsRead, AnalyticsCreate, AnalyticsWrite.",
      );
    }
    const writer = await t.tokenFor(await t.createUser({ userName: "analytics-writer", actions: ["AnalyticsWrite"] }));
    expect((await api("GET", `/analytics/conversations/perAgent?${MARCH}`, undefined, writer)).statusCode).toBe(200);
  });
});
