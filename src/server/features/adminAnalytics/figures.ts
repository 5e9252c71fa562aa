/**
 * The dashboard's figures, aggregated in SQL that runs the same on PGlite and
 * PostgreSQL: conversations count by their creation time, everything else by
 * the time each question was asked. Days are UTC days.
 */
import { and, eq, gte, inArray, lt, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { components } from "../../../generated/api";
import type { Db } from "../../db/client";
import { conversationSegments as s, conversations as c, gptSystems } from "../../db/chatSchema";
import { isChatConversation } from "../userConversations/conversationRepo";
import { daysOf, type ReportingPeriod } from "./reportingPeriod";

export type Figures = components["schemas"]["AnalyticsFigures"];
export type Day = components["schemas"]["AnalyticsDay"];
export type Agent = components["schemas"]["AnalyticsAgent"];

export interface Scope {
  period: Pick<ReportingPeriod, "start" | "end" | "days">;
  gptSystemId?: string;
}

type Queryable = Pick<Db, "select">;

const utcDay = (column: AnyPgColumn) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;

/** Aggregates return bigint/numeric, which the drivers hand over as strings. */
const int = (value: unknown): number => Number(value ?? 0);
const roundedOrNull = (value: unknown): number | null =>
  value === null || value === undefined ? null : Math.round(Number(value));

const segmentColumns = {
  segments: sql<string>`count(*)`,
  activeUsers: sql<string>`count(distinct ${c.userId})`,
  inputTokens: sql<string>`coalesce(sum(${s.inputTokens}), 0)`,
  outputTokens: sql<string>`coalesce(sum(${s.outputTokens}), 0)`,
  feedbackPositive: sql<string>`count(*) filter (where ${s.feedback} = 'Positive')`,
  feedbackNegative: sql<string>`count(*) filter (where ${s.feedback} = 'Negative')`,
  averageTimeToFirstTokenMs: sql<string | null>`avg(${s.timeToFirstTokenMs})`,
  averageDurationMs: sql<string | null>`avg(${s.durationMs}) filter (where ${s.status} = 'Complete')`,
};
type SegmentRow = { [K in keyof typeof segmentColumns]: unknown };

// Test conversations against a draft configuration are no usage of the agent.
const segmentWhere = (scope: Scope) =>
  and(
    isChatConversation,
    gte(s.createdAt, scope.period.start),
    lt(s.createdAt, scope.period.end),
    scope.gptSystemId ? eq(c.gptSystemId, scope.gptSystemId) : undefined,
  );
const conversationWhere = (scope: Scope) =>
  and(
    isChatConversation,
    gte(c.createdAt, scope.period.start),
    lt(c.createdAt, scope.period.end),
    scope.gptSystemId ? eq(c.gptSystemId, scope.gptSystemId) : undefined,
  );

function toFigures(conversations: number, row: SegmentRow | undefined): Figures {
  return {
    conversations,
    segments: int(row?.segments),
    activeUsers: int(row?.activeUsers),
    inputTokens: int(row?.inputTokens),
    outputTokens: int(row?.outputTokens),
    feedbackPositive: int(row?.feedbackPositive),
    feedbackNegative: int(row?.feedbackNegative),
    averageTimeToFirstTokenMs: roundedOrNull(row?.averageTimeToFirstTokenMs),
    averageDurationMs: roundedOrNull(row?.averageDurationMs),
  };
}

export async function totals(db: Queryable, scope: Scope): Promise<Figures> {
  const [started] = await db
    .select({ n: sql<string>`count(*)` })
    .from(c)
    .where(conversationWhere(scope));
  const [asked] = await db
    .select(segmentColumns)
    .from(s)
    .innerJoin(c, eq(c.conversationId, s.conversationId))
    .where(segmentWhere(scope));
  return toFigures(int(started?.n), asked);
}

export async function perDay(db: Queryable, scope: Scope): Promise<Day[]> {
  const startedDay = utcDay(c.createdAt);
  const started = await db
    .select({ day: startedDay, n: sql<string>`count(*)` })
    .from(c)
    .where(conversationWhere(scope))
    .groupBy(startedDay);
  const askedDay = utcDay(s.createdAt);
  const asked = await db
    .select({ day: askedDay, ...segmentColumns })
    .from(s)
    .innerJoin(c, eq(c.conversationId, s.conversationId))
    .where(segmentWhere(scope))
    .groupBy(askedDay);
  const startedOn = new Map(started.map((r) => [r.day, int(r.n)]));
  const askedOn = new Map(asked.map((r) => [r.day, r]));
  return daysOf({ start: scope.period.start, days: scope.period.days }).map((date) => {
    const {
      averageTimeToFirstTokenMs: _ttft,
      averageDurationMs: _duration,
      ...figures
    } = toFigures(startedOn.get(date) ?? 0, askedOn.get(date));
    return { date, ...figures };
  });
}

export async function perAgent(db: Queryable, scope: Omit<Scope, "gptSystemId">): Promise<Agent[]> {
  const started = await db
    .select({ id: c.gptSystemId, n: sql<string>`count(*)` })
    .from(c)
    .where(conversationWhere(scope))
    .groupBy(c.gptSystemId);
  const asked = await db
    .select({ id: c.gptSystemId, ...segmentColumns })
    .from(s)
    .innerJoin(c, eq(c.conversationId, s.conversationId))
    .where(segmentWhere(scope))
    .groupBy(c.gptSystemId);
  const ids = [...new Set([...started.map((r) => r.id), ...asked.map((r) => r.id)])];
  if (ids.length === 0) return [];
  const agents = await db
    .select({ id: gptSystems.gptSystemId, name: gptSystems.name, type: gptSystems.gptSystemType })
    .from(gptSystems)
    .where(inArray(gptSystems.gptSystemId, ids));
  const startedBy = new Map(started.map((r) => [r.id, int(r.n)]));
  const askedBy = new Map(asked.map((r) => [r.id, r]));
  return agents
    .map((agent) => ({
      gptSystemId: agent.id,
      name: agent.name,
      gptSystemType: agent.type as Agent["gptSystemType"],
      figures: toFigures(startedBy.get(agent.id) ?? 0, askedBy.get(agent.id)),
    }))
    .sort(
      (a, b) =>
        b.figures.conversations - a.figures.conversations ||
        b.figures.segments - a.figures.segments ||
        a.name.localeCompare(b.name),
    );
}
