/** Moderation reports as moderators see them: the agent, its owner, the reporter, metrics and the decision. */
import { and, count, eq, inArray, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { components } from "../../../generated/api";
import type { Db } from "../../db/client";
import { gptSystems } from "../../db/chatSchema";
import { moderationReports } from "../../db/moderationSchema";
import { users } from "../../db/schema";
import { problem } from "../../http/problem";

type Schemas = components["schemas"];
export type AdminModerationReport = Schemas["AdminModerationReport"];
type Queryable = Pick<Db, "select">;

const owner = alias(users, "owner");
const reporter = alias(users, "reporter");

/** Reports about any agent of the same owner; counted in SQL so that a page of reports costs one query. */
const ownerReportCount = sql<number>`(select count(*)::int from ${moderationReports} r join ${gptSystems} g on g.gpt_system_id = r.gpt_system_id where g.owner_user_id = ${gptSystems.ownerUserId})`;
const agentReportCount = sql<number>`(select count(*)::int from ${moderationReports} r where r.gpt_system_id = ${gptSystems.gptSystemId})`;
const ownerAgentCount = sql<number>`(select count(*)::int from ${gptSystems} g where g.owner_user_id = ${gptSystems.ownerUserId} and g.gpt_system_type = 'User' and g.status <> 'Deleted')`;

function selectReports(db: Queryable) {
  return db
    .select({
      report: moderationReports,
      agent: {
        gptSystemId: gptSystems.gptSystemId,
        name: gptSystems.name,
        moderationStatus: gptSystems.moderationStatus,
      },
      owner: {
        userId: owner.userId,
        displayName: owner.displayName,
        isBannedFromCreatingAgents: owner.isBannedFromCreatingAgents,
        isBannedFromSharingAgents: owner.isBannedFromSharingAgents,
      },
      reporterName: reporter.displayName,
      agentReportCount,
      ownerReportCount,
      ownerAgentCount,
    })
    .from(moderationReports)
    .innerJoin(gptSystems, eq(gptSystems.gptSystemId, moderationReports.gptSystemId))
    .leftJoin(owner, eq(owner.userId, gptSystems.ownerUserId))
    .leftJoin(reporter, eq(reporter.userId, moderationReports.submittedByUserId));
}

type Joined = Awaited<ReturnType<ReturnType<typeof selectReports>["where"]>>[number];

/** A user removed since keeps their place in the report under this name. */
const REMOVED_USER = "(removed user)";

function toReport(row: Joined): AdminModerationReport {
  const r = row.report;
  return {
    moderationReportId: r.moderationReportId,
    reportStatus: r.reportStatus === "Resolved" ? "Resolved" : "Open",
    reportReason: r.reportReason as AdminModerationReport["reportReason"],
    details: r.details,
    submittedAt: r.submittedAt.toISOString(),
    submittedBy: { userId: r.submittedByUserId, displayName: row.reporterName ?? REMOVED_USER },
    conversationId: r.conversationId,
    gptReference: {
      gptSystemId: row.agent.gptSystemId,
      name: row.agent.name,
      moderationStatus: row.agent.moderationStatus === "Banned" ? "Banned" : null,
    },
    systemOwner: { userId: row.owner?.userId ?? null, displayName: row.owner?.displayName ?? REMOVED_USER },
    reportMetrics: {
      agentReportCount: Number(row.agentReportCount),
      ownerReportCount: Number(row.ownerReportCount),
      ownerAgentCount: Number(row.ownerAgentCount),
    },
    personalAgentSettings: {
      isBannedFromCreatingAgents: row.owner?.isBannedFromCreatingAgents ?? false,
      isBannedFromSharingAgents: row.owner?.isBannedFromSharingAgents ?? false,
    },
    moderationDecision:
      r.reportStatus === "Resolved" && r.decidedAt
        ? {
            agentModerationAction: r.agentModerationAction as Schemas["AgentModerationAction"],
            userModerationAction: r.userModerationAction as Schemas["UserModerationAction"],
            notes: r.moderationNotes ?? "",
            submittedAt: r.decidedAt.toISOString(),
            moderator: { userId: r.moderatorUserId, displayName: r.moderatorDisplayName ?? REMOVED_USER },
            isBulkResolution: r.isBulkResolution ?? false,
          }
        : null,
  };
}

export async function loadReport(db: Queryable, moderationReportId: string): Promise<AdminModerationReport> {
  const [row] = await selectReports(db).where(eq(moderationReports.moderationReportId, moderationReportId));
  if (!row) throw problem(404, "Not Found", "No such moderation report.");
  return toReport(row);
}

export async function loadReportRow(db: Queryable, moderationReportId: string) {
  const [row] = await db
    .select()
    .from(moderationReports)
    .where(eq(moderationReports.moderationReportId, moderationReportId));
  if (!row) throw problem(404, "Not Found", "No such moderation report.");
  return row;
}

export interface ReportPageQuery {
  where: SQL | undefined;
  orderBy: SQL[];
  offset: number;
  limit: number;
}

export async function listReports(
  db: Queryable,
  q: ReportPageQuery,
): Promise<{ total: number; rows: AdminModerationReport[] }> {
  const [totalRow] = await db.select({ total: count() }).from(moderationReports).where(q.where);
  const rows = await selectReports(db)
    .where(q.where)
    .orderBy(...q.orderBy)
    .limit(q.limit)
    .offset(q.offset);
  return { total: Number(totalRow?.total ?? 0), rows: rows.map(toReport) };
}

export function reportIdsWhere(ids: string[] | undefined): SQL | undefined {
  return ids ? inArray(moderationReports.moderationReportId, ids) : undefined;
}

export const openReportsOf = (gptSystemId: string) =>
  and(eq(moderationReports.gptSystemId, gptSystemId), eq(moderationReports.reportStatus, "Open"));
