/**
 * Runs a performance test on the server, one prompt after another, writing
 * each prompt's measurements as soon as it has them (the admin page polls the
 * run). Runs in progress are aborted when the server closes; a run left
 * Running by a crash is marked Failed at the next start.
 */
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { auditedChange } from "../../admin/audit";
import { performanceTestResults, performanceTestRuns } from "../../db/analyticsSchema";
import { configStates, gptSystems } from "../../db/chatSchema";
import { HttpProblem, problem } from "../../http/problem";
import { requireUser } from "../../http/requireUser";
import type { AppDeps, HandlerContext } from "../../http/types";
import { assertWithinBudget } from "../adminInstanceSettings/budget";
import { secretBoxFor } from "../../security/secretBoxFor";
import { modelForConfig } from "../gptSystems/modelForConfig";
import { measurePrompt } from "./measurePrompt";

/** A prompt that has not finished in 2 minutes is stopped and recorded as Failed. */
export const PROMPT_TIMEOUT_MS = 120_000;
export const INTERRUPTED_TEXT = "Interrupted: the server stopped during this run.";

const active = new Map<string, { controller: AbortController; done: Promise<void> }>();

interface TestToRun {
  performanceTestId: string;
  gptSystemId: string;
  prompts: string[];
}

/** The budget's 429 message when a cap is reached, else undefined. */
async function budgetRefusal(check: () => Promise<void>): Promise<string | undefined> {
  try {
    await check();
    return undefined;
  } catch (error) {
    if (error instanceof HttpProblem && error.status === 429) return error.detail;
    throw error;
  }
}

/**
 * Records the run (status Running, every prompt Pending) with its audit entry
 * and starts it in the background. Its tokens count in the budgets of the
 * admin who starts it and of the agent: a run over a cap is refused (429).
 */
export async function startRun(ctx: HandlerContext, test: TestToRun): Promise<string> {
  const { deps } = ctx;
  const user = requireUser(ctx);
  const db = deps.database.db;
  const [agent] = await db.select().from(gptSystems).where(eq(gptSystems.gptSystemId, test.gptSystemId));
  if (!agent || agent.status === "Deleted") throw problem(409, "Conflict", "The test's agent has been deleted.");
  const [config] = agent.publishedConfigStateId
    ? await db.select().from(configStates).where(eq(configStates.configStateId, agent.publishedConfigStateId))
    : [];
  if (!config) throw problem(409, "Conflict", "The test's agent has no published configuration yet.");
  const scope = { userId: user.userId, gptSystemId: agent.gptSystemId };
  await assertWithinBudget(db, scope);
  const model = await modelForConfig(db, secretBoxFor(deps.config), config);

  const runId = await auditedChange(ctx, async (tx, audit) => {
    const [run] = await tx
      .insert(performanceTestRuns)
      .values({
        performanceTestId: test.performanceTestId,
        gptSystemId: agent.gptSystemId,
        configStateId: config.configStateId,
        languageEngine: model.languageEngine,
        deploymentName: model.deploymentName,
        status: "Running",
        startedByUserId: user.userId,
        startedByDisplayName: user.displayName,
      })
      .returning({ runId: performanceTestRuns.runId });
    await tx
      .insert(performanceTestResults)
      .values(test.prompts.map((prompt, position) => ({ runId: run!.runId, position, prompt, status: "Pending" })));
    await audit({
      entityType: "PerformanceTestRun",
      entityId: run!.runId,
      operation: "Create",
      after: {
        performanceTestId: test.performanceTestId,
        gptSystemId: agent.gptSystemId,
        configStateId: config.configStateId,
        languageEngine: model.languageEngine,
        deploymentName: model.deploymentName,
        promptCount: test.prompts.length,
      },
    });
    return run!.runId;
  });

  const controller = new AbortController();
  const done = (async () => {
    let completed = 0;
    let stoppedBecause: string | undefined;
    for (const [position, prompt] of test.prompts.entries()) {
      const where = and(eq(performanceTestResults.runId, runId), eq(performanceTestResults.position, position));
      if (controller.signal.aborted) stoppedBecause = INTERRUPTED_TEXT;
      // Each prompt spends tokens: one that would go over a cap is not sent, nor any after it.
      stoppedBecause ??= await budgetRefusal(() => assertWithinBudget(db, scope));
      if (stoppedBecause !== undefined) {
        await db.update(performanceTestResults).set({ status: "Failed", errorText: stoppedBecause }).where(where);
        continue;
      }
      await db.update(performanceTestResults).set({ status: "Running" }).where(where);
      const measured = await measurePrompt({
        db,
        appConfig: deps.config,
        userId: user.userId,
        config,
        model,
        prompt,
        signal: AbortSignal.any([controller.signal, AbortSignal.timeout(PROMPT_TIMEOUT_MS)]),
      });
      if (measured.status === "Complete") completed += 1;
      await db.update(performanceTestResults).set(measured).where(where);
    }
    await db
      .update(performanceTestRuns)
      .set({ status: completed > 0 ? "Complete" : "Failed", completedAt: new Date() })
      .where(eq(performanceTestRuns.runId, runId));
  })()
    .catch(async (error: unknown) => {
      deps.log.error({ err: error, runId }, "performance test run failed");
      await db
        .update(performanceTestRuns)
        .set({ status: "Failed", completedAt: new Date() })
        .where(eq(performanceTestRuns.runId, runId))
        .catch(() => undefined);
    })
    .finally(() => active.delete(runId));
  active.set(runId, { controller, done });
  return runId;
}

/** Waits for a run started in this process (tests). */
export async function runFinished(runId: string): Promise<void> {
  await active.get(runId)?.done;
}

/** Marks runs a previous process left Running as Failed, with their unfinished prompts. */
async function failInterruptedRuns(deps: AppDeps): Promise<void> {
  const db = deps.database.db;
  const stale = await db
    .update(performanceTestRuns)
    .set({ status: "Failed", completedAt: new Date() })
    .where(eq(performanceTestRuns.status, "Running"))
    .returning({ runId: performanceTestRuns.runId });
  for (const { runId } of stale)
    for (const status of ["Pending", "Running"])
      await db
        .update(performanceTestResults)
        .set({ status: "Failed", errorText: INTERRUPTED_TEXT })
        .where(and(eq(performanceTestResults.runId, runId), eq(performanceTestResults.status, status)));
}

export function registerPerformanceTestRunner(app: FastifyInstance, deps: AppDeps): void {
  app.addHook("onReady", async () => {
    // Several processes on one database would also fail each other's runs here; runs are short,
    // and a crash must not leave one Running for ever.
    if (active.size === 0) await failInterruptedRuns(deps);
  });
  app.addHook("onClose", async () => {
    const runs = [...active.values()];
    for (const run of runs) run.controller.abort();
    await Promise.all(runs.map((run) => run.done));
  });
}
