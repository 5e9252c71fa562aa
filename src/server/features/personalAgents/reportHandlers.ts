/** A user reports the personal agent that answered one of their conversations (spec §3 "Moderation report"). */
import { eq } from "drizzle-orm";
import type { components } from "../../../generated/api";
import { gptSystems } from "../../db/chatSchema";
import { moderationReports } from "../../db/moderationSchema";
import { problem } from "../../http/problem";
import { requireUser } from "../../http/requireUser";
import type { Handlers } from "../../http/types";
import { contextToKeep } from "../adminModeration/reportContext";
import { getOwnedConversation, segmentsOf } from "../userConversations/conversationRepo";
import { pathTo } from "../userConversations/segmentTree";
import { assertPersonalAgentsEnabled } from "./featureGate";

export const reportHandlers: Handlers = {
  async reportUserConversation(request, reply, ctx) {
    const db = ctx.deps.database.db;
    const user = requireUser(ctx);
    await assertPersonalAgentsEnabled(db);
    const { conversationId } = request.params as { conversationId: string };
    const body = request.body as components["schemas"]["CreateModerationReportRequest"];
    const conversation = await getOwnedConversation(db, user.userId, conversationId);
    const [agent] = await db.select().from(gptSystems).where(eq(gptSystems.gptSystemId, conversation.gptSystemId));
    if (agent?.gptSystemType !== "User")
      throw problem(
        409,
        "Conflict",
        "Only personal agents are moderated: report a problem with this agent to an administrator.",
      );
    const path = pathTo(await segmentsOf(db, conversationId), conversation.selectedLeafSegmentId);
    // In HIPAA mode the report names the messages instead of copying their text.
    const context = await contextToKeep(db, path);
    const [report] = await db
      .insert(moderationReports)
      .values({
        reportReason: body.reportReason,
        details: body.details?.trim() ?? "",
        conversationId,
        gptSystemId: agent.gptSystemId,
        submittedByUserId: user.userId,
        context,
      })
      .returning();
    reply.code(201);
    return {
      moderationReportId: report!.moderationReportId,
      reportStatus: "Open",
      submittedAt: report!.submittedAt.toISOString(),
    };
  },
};
