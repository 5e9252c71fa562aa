/**
 * Runs a performance test on the server, one prompt after another, writing
 * each prompt's measurements as soon as it has them (the admin page polls the
 * run). Runs in progress are aborted when the server closes; a run left
 * Running by a crash is marked Failed at the next start.
 */
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { performanceTestResults, performanceTestRuns } from "../../db/analyticsSchema";
import { configStates, gptSystems } from "../../db/chatSchema";
import { problem } from "../../http/problem";
import type { AppDeps, AuthenticatedUser } from "../../http/types";
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

/** Records the run (status Running, every prompt Pending) and starts it in the background. */
export async function startRun(deps: AppDeps, user: AuthenticatedUser, test: TestToRun): Promise<string> {
  const db = deps.database.db;
  const [agent] = await db.select().from(gptSystems).where(eq(gptSystems.gptSystemId, test.gptSystemId));
  if (!agent || agent.status === "Deleted") throw problem(409, "Conflict", "The test's agent has been deleted.");
  const [config] = agent.publishedConfigStateId
    ? await db.select().from(configStates).where(eq(configStates.configStateId, agent.publishedConfigStateId))
    : [];
  if (!config) throw problem(409, "Conflict", "The test's agent has no published configuration yet.");
  const model = await modelForConfig(db, secretBoxFor(deps.config), config);

  const runId = await db.transaction(async (tx) => {
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
    return run!.runId;
  });

  const controller = new AbortController();
  const done = (async () => {
    let completed = 0;
    for (const [position, prompt] of test.prompts.entries()) {
      const where = and(eq(performanceTestResults.runId, runId), eq(performanceTestResults.position, position));
      if (controller.signal.aborted) {
        await db.update(performanceTestResults).set({ status: "Failed", errorText: INTERRUPTED_TEXT }).where(where);
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
