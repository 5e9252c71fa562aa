/**
 * Applies a moderator's decision in one audited transaction: the report (and,
 * for a bulk resolution or a ban, every other Open report about the agent)
 * becomes Resolved; BanAgent bans the agent; the creator actions ban its
 * owner from creating or sharing agents.
 */
import { and, eq, inArray } from "drizzle-orm";
import type { components } from "../../../generated/api";
import { auditedChange, type Audit, type Tx } from "../../admin/audit";
import { assertValid } from "../../admin/context";
import { gptSystems } from "../../db/chatSchema";
import { moderationReports } from "../../db/moderationSchema";
import { users } from "../../db/schema";
import { problem } from "../../http/problem";
import { requireUser } from "../../http/requireUser";
import type { HandlerContext } from "../../http/types";
import { decisionErrors, type CheckedDecision } from "./decisionRules";
import { loadReport, openReportsOf } from "./reportRecords";

type Schemas = components["schemas"];
type Warning = Schemas["ModerationWarning"];

async function banAgent(tx: Tx, audit: Audit, gptSystemId: string, warnings: Warning[]): Promise<void> {
  const [agent] = await tx.select().from(gptSystems).where(eq(gptSystems.gptSystemId, gptSystemId));
  if (agent?.moderationStatus === "Banned") {
    warnings.push({ property: "agentModerationAction", message: "This agent was already banned." });
    return;
  }
  await tx
    .update(gptSystems)
    .set({ moderationStatus: "Banned", updatedAt: new Date() })
    .where(eq(gptSystems.gptSystemId, gptSystemId));
  await audit({
    entityType: "GptSystem",
    entityId: gptSystemId,
    operation: "Update",
    before: { moderationStatus: agent?.moderationStatus ?? null },
    after: { moderationStatus: "Banned" },
  });
}

async function restrictCreator(tx: Tx, audit: Audit, userId: string, action: CheckedDecision["userModerationAction"]) {
  if (action === "TakeNoAction") return;
  const field = action === "BlockAgentCreation" ? "isBannedFromCreatingAgents" : "isBannedFromSharingAgents";
  await tx
    .update(users)
    .set({ [field]: true })
    .where(eq(users.userId, userId));
  await audit({
    entityType: "User",
    entityId: userId,
    operation: "Update",
    before: { [field]: false },
    after: { [field]: true },
  });
}

export async function submitDecision(
  ctx: HandlerContext,
  body: Schemas["SubmitModerationDecisionRequest"],
): Promise<Schemas["ModerationDecisionResult"]> {
  const moderator = requireUser(ctx);
  return auditedChange(ctx, async (tx, audit) => {
    const before = await loadReport(tx, body.moderationReportId);
    if (before.reportStatus !== "Open") throw problem(409, "Conflict", "This report has already been resolved.");
    assertValid(decisionErrors(body, before.personalAgentSettings));
    const decision = body as CheckedDecision & Schemas["SubmitModerationDecisionRequest"];
    const warnings: Warning[] = [];
    const banning = decision.agentModerationAction === "BanAgent";
    // Spec §4: a ban resolves every report about the agent, whatever the form sent.
    const bulk = banning || decision.isBulkResolution === true;
    if (banning && decision.isBulkResolution === false)
      warnings.push({ property: "isBulkResolution", message: "Banning an agent resolves every open report about it." });

    const gptSystemId = before.gptReference.gptSystemId;
    const reportIds = bulk
      ? (
          await tx
            .select({ id: moderationReports.moderationReportId })
            .from(moderationReports)
            .where(openReportsOf(gptSystemId))
        ).map((r) => r.id)
      : [before.moderationReportId];
    const resolved = await tx
      .update(moderationReports)
      .set({
        reportStatus: "Resolved",
        agentModerationAction: decision.agentModerationAction,
        userModerationAction: decision.userModerationAction,
        moderationNotes: decision.moderationNotes.trim(),
        isBulkResolution: bulk,
        moderatorUserId: moderator.userId,
        moderatorDisplayName: moderator.displayName,
        decidedAt: new Date(),
      })
      .where(and(inArray(moderationReports.moderationReportId, reportIds), eq(moderationReports.reportStatus, "Open")))
      .returning({ id: moderationReports.moderationReportId });
    // Another moderator may have decided it between the read and this write.
    if (!resolved.some((r) => r.id === before.moderationReportId))
      throw problem(409, "Conflict", "This report has already been resolved.");

    if (banning) await banAgent(tx, audit, gptSystemId, warnings);
    if (before.systemOwner.userId)
      await restrictCreator(tx, audit, before.systemOwner.userId, decision.userModerationAction);
    for (const { id } of resolved)
      await audit({
        entityType: "ModerationReport",
        entityId: id,
        operation: "Update",
        before: { reportStatus: "Open" },
        after: {
          reportStatus: "Resolved",
          agentModerationAction: decision.agentModerationAction,
          userModerationAction: decision.userModerationAction,
          moderationNotes: decision.moderationNotes.trim(),
          isBulkResolution: bulk,
        },
      });
    return {
      report: await loadReport(tx, before.moderationReportId),
      resolvedReportIds: resolved.map((r) => r.id),
      warnings,
    };
  });
}
