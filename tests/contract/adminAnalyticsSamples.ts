/** Contract samples: dashboard analytics, its CSV export, and performance tests with their runs. */
import { runFinished } from "../../src/server/features/adminPerformanceTests/runner";
import { TEST_ADMIN, type TestApp } from "../helpers/buildTestApp";
import { createAgent } from "../helpers/chatFixtures";
import { missing } from "./adminSampleKit";

export interface AnalyticsFixture {
  analyticsGptSystemId: string;
  performanceTestId: string;
  doomedPerformanceTestId: string;
  performanceTestRunId: string;
}
type F = AnalyticsFixture;

/** An agent on the local engine, two tests, and one finished run. */
export async function createAnalyticsFixture(t: TestApp): Promise<AnalyticsFixture> {
  const headers = { authorization: `Bearer ${await t.tokenFor(TEST_ADMIN.userName)}` };
  const { gptSystemId } = await createAgent(t.deps.database.db, {
    name: "Contract analytics agent",
    encryptionKey: t.deps.config.encryptionKey,
  });
  const post = async (url: string, payload?: object) =>
    (
      await t.app.inject({ method: "POST", url: `/api/internal/admin${url}`, headers, ...(payload ? { payload } : {}) })
    ).json();
  const test = await post("/performanceTests", { name: "Contract test", gptSystemId, prompts: ["Hello"] });
  const doomed = await post("/performanceTests", { name: "Doomed test", gptSystemId, prompts: ["Bye"] });
  const run = await post(`/performanceTests/${test.performanceTestId}/runs`);
  await runFinished(run.runId);
  return {
    analyticsGptSystemId: gptSystemId,
    performanceTestId: test.performanceTestId,
    doomedPerformanceTestId: doomed.performanceTestId,
    performanceTestRunId: run.runId,
  };
}

const analytics = (path: string, query = "reportingPeriod=Last30Days") =>
  `/admin/analytics/conversations/${path}?${query}`;
const test = (f: F) => `/admin/performanceTests/${f.performanceTestId}`;

export const adminAnalyticsSamples = [
  { operationId: "getAdminAnalyticsConversationsSummary", url: analytics("summary"), status: 200 },
  {
    operationId: "getAdminAnalyticsConversationsSummary",
    url: (f: F) =>
      analytics(
        "summary",
        `reportingPeriod=Custom&from=2026-01-01&to=2026-01-31&gptSystemId=${f.analyticsGptSystemId}`,
      ),
    status: 200,
  },
  {
    operationId: "getAdminAnalyticsConversationsSummary",
    url: analytics("summary", "reportingPeriod=Custom"),
    status: 400,
  },
  {
    operationId: "getAdminAnalyticsConversationsSummary",
    url: analytics("summary", `reportingPeriod=Last7Days&gptSystemId=${missing}`),
    status: 404,
  },
  {
    operationId: "getAdminAnalyticsConversationsPerDay",
    url: analytics("perDay", "reportingPeriod=Last7Days"),
    status: 200,
  },
  {
    operationId: "getAdminAnalyticsConversationsPerDay",
    url: analytics("perDay", "reportingPeriod=Yesterday"),
    status: 400,
  },
  {
    operationId: "getAdminAnalyticsConversationsPerDay",
    url: analytics("perDay", `reportingPeriod=Last7Days&gptSystemId=${missing}`),
    status: 404,
  },
  {
    operationId: "getAdminAnalyticsConversationsPerAgent",
    url: analytics("perAgent", "reportingPeriod=Last90Days"),
    status: 200,
  },
  {
    operationId: "getAdminAnalyticsConversationsPerAgent",
    url: analytics("perAgent", "reportingPeriod=Custom&from=2026-02-01"),
    status: 400,
  },
  { operationId: "exportAdminAnalyticsConversations", url: analytics("export"), status: 200 },
  {
    operationId: "exportAdminAnalyticsConversations",
    url: analytics("export", "reportingPeriod=Custom&from=2026-02-02&to=2026-02-01"),
    status: 400,
  },
  {
    operationId: "exportAdminAnalyticsConversations",
    url: analytics("export", `reportingPeriod=Last7Days&gptSystemId=${missing}`),
    status: 404,
  },

  {
    operationId: "listAdminPerformanceTests",
    url: `/admin/performanceTests?sort=${encodeURIComponent('["name","ASC"]')}`,
    status: 200,
  },
  {
    operationId: "listAdminPerformanceTests",
    url: `/admin/performanceTests?sort=${encodeURIComponent('["prompts","ASC"]')}`,
    status: 400,
  },
  {
    operationId: "createAdminPerformanceTest",
    method: "POST" as const,
    url: "/admin/performanceTests",
    payload: (f: F) => ({ name: "Sampled test", gptSystemId: f.analyticsGptSystemId, prompts: ["One", "Two"] }),
    status: 201,
  },
  {
    operationId: "createAdminPerformanceTest",
    method: "POST" as const,
    url: "/admin/performanceTests",
    payload: { name: "Bad", gptSystemId: missing, prompts: ["x"] },
    status: 400,
  },
  { operationId: "getAdminPerformanceTest", url: test, status: 200 },
  { operationId: "getAdminPerformanceTest", url: `/admin/performanceTests/${missing}`, status: 404 },
  {
    operationId: "updateAdminPerformanceTest",
    method: "PUT" as const,
    url: test,
    payload: (f: F) => ({
      name: "Contract test",
      description: "Changed",
      gptSystemId: f.analyticsGptSystemId,
      prompts: ["Hello"],
    }),
    status: 200,
  },
  {
    operationId: "updateAdminPerformanceTest",
    method: "PUT" as const,
    url: `/admin/performanceTests/${missing}`,
    payload: (f: F) => ({ name: "Nobody", gptSystemId: f.analyticsGptSystemId, prompts: ["Hello"] }),
    status: 404,
  },
  {
    operationId: "deleteAdminPerformanceTest",
    method: "DELETE" as const,
    url: (f: F) => `/admin/performanceTests/${f.doomedPerformanceTestId}`,
    status: 200,
  },
  {
    operationId: "deleteAdminPerformanceTest",
    method: "DELETE" as const,
    url: `/admin/performanceTests/${missing}`,
    status: 404,
  },
  { operationId: "listAdminPerformanceTestRuns", url: (f: F) => `${test(f)}/runs`, status: 200 },
  { operationId: "listAdminPerformanceTestRuns", url: `/admin/performanceTests/${missing}/runs`, status: 404 },
  {
    operationId: "startAdminPerformanceTestRun",
    method: "POST" as const,
    url: (f: F) => `${test(f)}/runs`,
    status: 202,
  },
  {
    operationId: "startAdminPerformanceTestRun",
    method: "POST" as const,
    url: `/admin/performanceTests/${missing}/runs`,
    status: 404,
  },
  {
    operationId: "getAdminPerformanceTestRun",
    url: (f: F) => `${test(f)}/runs/${f.performanceTestRunId}`,
    status: 200,
  },
  { operationId: "getAdminPerformanceTestRun", url: (f: F) => `${test(f)}/runs/${missing}`, status: 404 },
];
