/**
 * Monthly token budgets: caps for the whole instance, per user and per agent,
 * over this calendar month (UTC) of answers' and performance test prompts'
 * input + output tokens. The chat asks `assertWithinBudget` before it stores a
 * question, a performance test run before it starts and before each prompt.
 */
import { and, eq, gte, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { performanceTestResults, performanceTestRuns } from "../../db/analyticsSchema";
import { conversationSegments, conversations } from "../../db/chatSchema";
import { HttpProblem } from "../../http/problem";
import { readSetting } from "./settingsStore";

export const BUDGET_KEY = "budget";

export interface BudgetCaps {
  monthlyTokenCapInstance: number | null;
  monthlyTokenCapPerUser: number | null;
  monthlyTokenCapPerAgent: number | null;
}

export const NO_CAPS: BudgetCaps = {
  monthlyTokenCapInstance: null,
  monthlyTokenCapPerUser: null,
  monthlyTokenCapPerAgent: null,
};

type Queryable = Pick<Db, "select">;

export function budgetCaps(db: Queryable): Promise<BudgetCaps> {
  return readSetting(db, BUDGET_KEY, NO_CAPS);
}

/** The first instant of this month and of the next one, in UTC. */
export function monthBounds(now: Date): { start: Date; next: Date } {
  return {
    start: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)),
    next: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)),
  };
}

type Scope = { userId?: string; gptSystemId?: string };

/** Where tokens are spent: answers (by the conversation's user and agent) and performance test prompts (by the admin who started the run and its agent). */
const SPENDING = [
  {
    spent: conversationSegments,
    by: conversations,
    on: eq(conversations.conversationId, conversationSegments.conversationId),
    inputTokens: conversationSegments.inputTokens,
    outputTokens: conversationSegments.outputTokens,
    at: conversationSegments.createdAt,
    userId: conversations.userId,
    gptSystemId: conversations.gptSystemId,
  },
  {
    spent: performanceTestResults,
    by: performanceTestRuns,
    on: eq(performanceTestRuns.runId, performanceTestResults.runId),
    inputTokens: performanceTestResults.inputTokens,
    outputTokens: performanceTestResults.outputTokens,
    at: performanceTestRuns.startedAt,
    userId: performanceTestRuns.startedByUserId,
    gptSystemId: performanceTestRuns.gptSystemId,
  },
] as const;

/** Tokens spent since `since` within the scope, per user or agent (`per`) or all together. */
async function spentSince(
  db: Queryable,
  since: Date,
  scope: Scope,
  per?: "userId" | "gptSystemId",
): Promise<{ id: string | null; total: number }[]> {
  const totals: { id: string | null; total: number }[] = [];
  for (const source of SPENDING) {
    const key = per ? source[per] : sql<null>`null`;
    const query = db
      .select({
        id: sql<string | null>`${key}`,
        total: sql<string>`coalesce(sum(coalesce(${source.inputTokens}, 0) + coalesce(${source.outputTokens}, 0)), 0)`,
      })
      .from(source.spent)
      .innerJoin(source.by, source.on)
      .where(
        and(
          gte(source.at, since),
          scope.userId ? eq(source.userId, scope.userId) : undefined,
          scope.gptSystemId ? eq(source.gptSystemId, scope.gptSystemId) : undefined,
        ),
      )
      .$dynamic();
    const rows = await (per ? query.groupBy(source[per]) : query);
    totals.push(...rows.map((row) => ({ id: row.id, total: Number(row.total) })));
  }
  return totals;
}

/** Tokens of answers and of performance test prompts since `since`, for one user, one agent, or (neither given) the whole instance. */
export async function tokensSince(db: Queryable, since: Date, scope: Scope = {}): Promise<number> {
  return (await spentSince(db, since, scope)).reduce((sum, row) => sum + row.total, 0);
}

/** The most tokens any one user (or agent) has spent since `since`. */
export async function largestUsageSince(db: Queryable, since: Date, per: "userId" | "gptSystemId"): Promise<number> {
  const totals = new Map<string, number>();
  for (const { id, total } of await spentSince(db, since, {}, per))
    if (id !== null) totals.set(id, (totals.get(id) ?? 0) + total);
  return Math.max(0, ...totals.values());
}

const tokenCount = new Intl.NumberFormat("en-US");
export const formatTokens = (n: number) => tokenCount.format(n);
export const monthName = new Intl.DateTimeFormat("en-GB", { month: "long", timeZone: "UTC" });

/** Throws 429 "Budget exceeded" when this month's usage has reached any cap that applies. */
export async function assertWithinBudget(
  db: Queryable,
  scope: { userId: string; gptSystemId: string },
  now = new Date(),
  knownCaps?: BudgetCaps,
): Promise<void> {
  const caps = knownCaps ?? (await budgetCaps(db));
  const { start, next } = monthBounds(now);
  const checks: [number | null, string, { userId?: string; gptSystemId?: string }][] = [
    [caps.monthlyTokenCapInstance, "this instance", {}],
    [caps.monthlyTokenCapPerUser, "you", { userId: scope.userId }],
    [caps.monthlyTokenCapPerAgent, "this agent", { gptSystemId: scope.gptSystemId }],
  ];
  for (const [cap, who, filter] of checks) {
    if (cap === null) continue;
    const used = await tokensSince(db, start, filter);
    if (used < cap) continue;
    const retryAfter = Math.max(1, Math.ceil((next.getTime() - now.getTime()) / 1000));
    throw new HttpProblem(
      429,
      "Budget exceeded",
      `The monthly token budget for ${who} has been used up (${formatTokens(used)} of ${formatTokens(cap)} tokens). It resets on 1 ${monthName.format(next)}.`,
      undefined,
      { "Retry-After": String(retryAfter) },
    );
  }
}
