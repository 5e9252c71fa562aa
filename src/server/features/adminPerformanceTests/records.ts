/** Performance tests and runs as the contract shapes them, and the checks on a test's body. */
import { and, asc, desc, eq, inArray, max, sql } from "drizzle-orm";
import type { components } from "../../../generated/api";
import { assertValid } from "../../admin/context";
import type { Db } from "../../db/client";
import type { performanceTests } from "../../db/analyticsSchema";
import { performanceTestResults, performanceTestRuns } from "../../db/analyticsSchema";
import { gptSystems } from "../../db/chatSchema";
import type { FieldErrors } from "../../http/problem";

type Schemas = components["schemas"];
export type PerformanceTest = Schemas["PerformanceTest"];
export type PerformanceTestRun = Schemas["PerformanceTestRun"];
type TestRow = typeof performanceTests.$inferSelect;
type RunRow = typeof performanceTestRuns.$inferSelect;
type Queryable = Pick<Db, "select">;

export async function toPerformanceTests(db: Queryable, rows: TestRow[]): Promise<PerformanceTest[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.performanceTestId);
  const agentIds = [...new Set(rows.map((r) => r.gptSystemId))];
  const names = new Map(
    (
      await db
        .select({ id: gptSystems.gptSystemId, name: gptSystems.name })
        .from(gptSystems)
        .where(inArray(gptSystems.gptSystemId, agentIds))
    ).map((a) => [a.id, a.name]),
  );
  const lastRuns = new Map(
    (
      await db
        .select({ id: performanceTestRuns.performanceTestId, at: max(performanceTestRuns.startedAt) })
        .from(performanceTestRuns)
        .where(inArray(performanceTestRuns.performanceTestId, ids))
        .groupBy(performanceTestRuns.performanceTestId)
    ).map((r) => [r.id, r.at]),
  );
  return rows.map((row) => {
    const lastRunAt = lastRuns.get(row.performanceTestId);
    return {
      performanceTestId: row.performanceTestId,
      name: row.name,
      description: row.description,
      gptSystemId: row.gptSystemId,
      gptSystemName: names.get(row.gptSystemId) ?? "",
      prompts: row.prompts,
      promptCount: row.prompts.length,
      lastRunAt: lastRunAt ? new Date(lastRunAt).toISOString() : null,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  });
}

/** The writable fields, trimmed; an unknown or deleted agent and blank prompts answer 400 per field. */
export async function checkedTestFields(db: Queryable, body: PerformanceTest) {
  const errors: FieldErrors = {};
  const name = body.name.trim();
  if (!name) errors.name = ["is required"];
  const prompts = body.prompts.map((prompt) => prompt.trim());
  prompts.forEach((prompt, i) => {
    if (!prompt) errors[`prompts.${i}`] = ["is required"];
  });
  const [agent] = await db
    .select({ status: gptSystems.status })
    .from(gptSystems)
    .where(eq(gptSystems.gptSystemId, body.gptSystemId));
  if (!agent || agent.status === "Deleted") errors.gptSystemId = ["is not an agent"];
  assertValid(errors);
  return { name, description: (body.description ?? "").trim(), gptSystemId: body.gptSystemId, prompts };
}

const average = (values: number[], decimals = 0): number | null => {
  if (values.length === 0) return null;
  const factor = 10 ** decimals;
  return Math.round((values.reduce((a, b) => a + b, 0) / values.length) * factor) / factor;
};
const present = (values: (number | null)[]) => values.filter((v): v is number => v !== null);

export async function toRuns(db: Queryable, rows: RunRow[]): Promise<PerformanceTestRun[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.runId);
  const results = await db
    .select()
    .from(performanceTestResults)
    .where(inArray(performanceTestResults.runId, ids))
    .orderBy(asc(performanceTestResults.runId), asc(performanceTestResults.position));
  const agentIds = [...new Set(rows.map((r) => r.gptSystemId))];
  const names = new Map(
    (
      await db
        .select({ id: gptSystems.gptSystemId, name: gptSystems.name })
        .from(gptSystems)
        .where(inArray(gptSystems.gptSystemId, agentIds))
    ).map((a) => [a.id, a.name]),
  );
  return rows.map((run) => {
    const own = results.filter((r) => r.runId === run.runId);
    const complete = own.filter((r) => r.status === "Complete");
    return {
      runId: run.runId,
      performanceTestId: run.performanceTestId,
      gptSystemId: run.gptSystemId,
      gptSystemName: names.get(run.gptSystemId) ?? "",
      configStateId: run.configStateId,
      languageEngine: run.languageEngine,
      deploymentName: run.deploymentName,
      status: run.status as PerformanceTestRun["status"],
      startedAt: run.startedAt.toISOString(),
      completedAt: run.completedAt ? run.completedAt.toISOString() : null,
      startedByDisplayName: run.startedByDisplayName,
      averageTimeToFirstTokenMs: average(present(complete.map((r) => r.timeToFirstTokenMs))),
      averageTotalMs: average(present(complete.map((r) => r.totalMs))),
      averageTokensPerSecond: average(present(complete.map((r) => r.tokensPerSecond)), 2),
      results: own.map((r) => ({
        position: r.position,
        prompt: r.prompt,
        status: r.status as PerformanceTestRun["results"][number]["status"],
        timeToFirstTokenMs: r.timeToFirstTokenMs,
        totalMs: r.totalMs,
        outputTokens: r.outputTokens,
        tokensPerSecond: r.tokensPerSecond === null ? null : Math.round(r.tokensPerSecond * 100) / 100,
        errorText: r.errorText,
      })),
    };
  });
}

export async function runsOf(db: Queryable, performanceTestId: string, runId?: string): Promise<RunRow[]> {
  return db
    .select()
    .from(performanceTestRuns)
    .where(
      and(
        eq(performanceTestRuns.performanceTestId, performanceTestId),
        runId ? eq(performanceTestRuns.runId, runId) : undefined,
      ),
    )
    .orderBy(desc(performanceTestRuns.startedAt), desc(sql`${performanceTestRuns.runId}`));
}
