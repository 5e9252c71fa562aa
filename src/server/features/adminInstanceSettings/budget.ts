/**
 * Monthly token budgets: caps for the whole instance, per user and per agent,
 * over this calendar month (UTC) of answers' input + output tokens. The chat
 * asks `assertWithinBudget` before it stores a question.
 */
import { and, eq, gte, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
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

/** Tokens of answers since `since`, for one user, one agent, or (neither given) the whole instance. */
export async function tokensSince(
  db: Queryable,
  since: Date,
  scope: { userId?: string; gptSystemId?: string } = {},
): Promise<number> {
  const [row] = await db
    .select({
      total: sql<string>`coalesce(sum(coalesce(${conversationSegments.inputTokens}, 0) + coalesce(${conversationSegments.outputTokens}, 0)), 0)`,
    })
    .from(conversationSegments)
    .innerJoin(conversations, eq(conversations.conversationId, conversationSegments.conversationId))
    .where(
      and(
        gte(conversationSegments.createdAt, since),
        scope.userId ? eq(conversations.userId, scope.userId) : undefined,
        scope.gptSystemId ? eq(conversations.gptSystemId, scope.gptSystemId) : undefined,
      ),
    );
  return Number(row?.total ?? 0);
}

const tokens = new Intl.NumberFormat("en-US");
const monthName = new Intl.DateTimeFormat("en-GB", { month: "long", timeZone: "UTC" });

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
      `The monthly token budget for ${who} has been used up (${tokens.format(used)} of ${tokens.format(cap)} tokens). It resets on 1 ${monthName.format(next)}.`,
      undefined,
      { "Retry-After": String(retryAfter) },
    );
  }
}
