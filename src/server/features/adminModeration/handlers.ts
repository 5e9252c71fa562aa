/** Handlers of the adminModeration tag: reports about personal agents and the moderators' decisions. */
import { and, asc, desc, eq, type SQL } from "drizzle-orm";
import type { components } from "../../../generated/api";
import { FilterReader } from "../../admin/filters";
import { parseListQuery, sendPage, type ListSpec } from "../../admin/listQuery";
import { moderationReports } from "../../db/moderationSchema";
import type { Handlers } from "../../http/types";
import { assertPersonalAgentsEnabled } from "../personalAgents/featureGate";
import { contextMessages } from "./reportContext";
import { listReports, loadReport, loadReportRow, reportIdsWhere } from "./reportRecords";
import { submitDecision } from "./submitDecision";

type Params = { moderationReportId: string };

const spec: ListSpec = {
  sortFields: ["submittedAt", "reportStatus", "reportReason"],
  defaultSort: ["submittedAt", "DESC"],
  filters: ["reportStatus", "gptSystemId"],
};
const sortColumns = {
  submittedAt: moderationReports.submittedAt,
  reportStatus: moderationReports.reportStatus,
  reportReason: moderationReports.reportReason,
} as const;

function whereOf(filter: Record<string, unknown>): SQL | undefined {
  const f = new FilterReader(filter);
  const ids = f.ids();
  const status = f.oneOf("reportStatus", ["Open", "Resolved"] as const);
  const gptSystemId = f.uuid("gptSystemId");
  f.done();
  return and(
    reportIdsWhere(ids),
    status ? eq(moderationReports.reportStatus, status) : undefined,
    gptSystemId ? eq(moderationReports.gptSystemId, gptSystemId) : undefined,
  );
}

export const adminModerationHandlers: Handlers = {
  async listAdminModerationReports(request, reply, ctx) {
    const db = ctx.deps.database.db;
    await assertPersonalAgentsEnabled(db);
    const list = parseListQuery(request.query, spec);
    const column = sortColumns[list.sort.field as keyof typeof sortColumns];
    const order = list.sort.order === "ASC" ? asc : desc;
    const { total, rows } = await listReports(db, {
      where: whereOf(list.filter),
      // The id breaks ties so that pages never overlap.
      orderBy: [order(column), order(moderationReports.moderationReportId)],
      offset: list.offset,
      limit: list.limit,
    });
    return sendPage(reply, "moderation", list, total, rows);
  },

  async getAdminModerationReport(request, _reply, ctx) {
    await assertPersonalAgentsEnabled(ctx.deps.database.db);
    return loadReport(ctx.deps.database.db, (request.params as Params).moderationReportId);
  },

  async getAdminModerationReportContext(request, _reply, ctx) {
    await assertPersonalAgentsEnabled(ctx.deps.database.db);
    const row = await loadReportRow(ctx.deps.database.db, (request.params as Params).moderationReportId);
    return {
      moderationReportId: row.moderationReportId,
      conversationSegments: await contextMessages(ctx.deps.database.db, row.context),
    };
  },

  async submitAdminModerationDecision(request, _reply, ctx) {
    await assertPersonalAgentsEnabled(ctx.deps.database.db);
    return submitDecision(ctx, request.body as components["schemas"]["SubmitModerationDecisionRequest"]);
  },
};
