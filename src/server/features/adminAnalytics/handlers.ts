/** Handlers of the adminAnalytics tag: the dashboard's figures over a reporting period, and their CSV export. */
import { eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { gptSystems } from "../../db/chatSchema";
import { readHipaaSettings } from "../../hipaa/hipaaSettings";
import type { HandlerContext, Handlers } from "../../http/types";
import { notFound } from "../../admin/context";
import { contentDisposition } from "../userConversations/exportText";
import { EXPORT_FILE_NAME, exportRows, toCsv } from "./exportRows";
import { perAgent, perDay, totals, type Scope } from "./figures";
import { resolvePeriod, type ReportingPeriod, type ReportingPeriodName } from "./reportingPeriod";

interface AnalyticsQuery {
  reportingPeriod: ReportingPeriodName;
  from?: string;
  to?: string;
  gptSystemId?: string;
}

const periodBody = (p: ReportingPeriod) => ({
  reportingPeriod: p.reportingPeriod,
  from: p.from,
  to: p.to,
  days: p.days,
});

/** The period and the optional agent; an agent that does not exist answers 404. */
async function scopeOf(request: FastifyRequest, ctx: HandlerContext): Promise<Scope & { period: ReportingPeriod }> {
  const query = request.query as AnalyticsQuery;
  const period = resolvePeriod(query, new Date());
  if (query.gptSystemId) {
    const [agent] = await ctx.deps.database.db
      .select({ id: gptSystems.gptSystemId })
      .from(gptSystems)
      .where(eq(gptSystems.gptSystemId, query.gptSystemId));
    if (!agent) notFound("agent");
  }
  return { period, gptSystemId: query.gptSystemId };
}

export const adminAnalyticsHandlers: Handlers = {
  async getAdminAnalyticsConversationsSummary(request, _reply, ctx) {
    const scope = await scopeOf(request, ctx);
    const db = ctx.deps.database.db;
    return {
      period: periodBody(scope.period),
      gptSystemId: scope.gptSystemId ?? null,
      hipaaMode: (await readHipaaSettings(db)).enabled,
      totals: await totals(db, scope),
    };
  },

  async getAdminAnalyticsConversationsPerDay(request, _reply, ctx) {
    const scope = await scopeOf(request, ctx);
    return {
      period: periodBody(scope.period),
      gptSystemId: scope.gptSystemId ?? null,
      days: await perDay(ctx.deps.database.db, scope),
    };
  },

  async getAdminAnalyticsConversationsPerAgent(request, _reply, ctx) {
    const { period } = await scopeOf(request, ctx);
    return { period: periodBody(period), agents: await perAgent(ctx.deps.database.db, { period }) };
  },

  async exportAdminAnalyticsConversations(request, reply, ctx) {
    const scope = await scopeOf(request, ctx);
    const db = ctx.deps.database.db;
    const { enabled: hipaaMode } = await readHipaaSettings(db);
    const csv = toCsv(await exportRows(db, scope), !hipaaMode);
    reply.header("content-disposition", contentDisposition(EXPORT_FILE_NAME));
    reply.type("text/csv; charset=utf-8");
    return csv;
  },
};
