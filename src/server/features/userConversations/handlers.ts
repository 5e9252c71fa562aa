/** Handlers of the userConversations tag (spec section 7, "User conversations"). */
import { and, eq } from "drizzle-orm";
import type { components } from "../../../generated/api";
import { conversationSegments, conversations, gptSystems } from "../../db/chatSchema";
import { problem } from "../../http/problem";
import type { HandlerContext, Handlers } from "../../http/types";
import { getVisibleAgent, refuseBannedOrBlocked } from "../gptSystems/agentAccess";
import { detailsForConversation, promptsForConversation } from "../gptSystems/agentDetails";
import { continueConversation, startConversation } from "./askQuestion";
import { agentReference, getOwnedConversation, segmentTraceLog, segmentsOf, toConversation, toExecutionDetails, toSegment, toSummary, withLanguageEngineName } from "./conversationRepo";
import { segmentFilesFor } from "./segmentFiles";
import { listConversations } from "./conversationList";
import { contentDisposition, exportFileName, exportText } from "./exportText";
import { mayStreamElsewhere, stopConversationElsewhere, stopElsewhere } from "./answerElsewhere";
import { followAnswer } from "./followAnswer";
import { userTitle } from "./titles";
import { liveAnswers } from "./liveAnswersInstance";
import { newestLeafUnder } from "./segmentTree";
import { requireUser } from "../../http/requireUser";
import { attachCodeInterpreterResults } from "../../codeInterpreter/segmentResults";

type Schemas = components["schemas"];
type ConversationParams = { conversationId: string };
type SegmentParams = { conversationId: string; conversationSegmentId: string };


async function owned(ctx: HandlerContext, conversationId: string) {
  return getOwnedConversation(ctx.deps.database.db, requireUser(ctx).userId, conversationId);
}

async function ownedSegment(ctx: HandlerContext, params: SegmentParams) {
  const conversation = await owned(ctx, params.conversationId);
  const all = await segmentsOf(ctx.deps.database.db, conversation.conversationId);
  const segment = all.find((s) => s.conversationSegmentId === params.conversationSegmentId);
  if (!segment) throw problem(404, "Not Found", "No such segment.");
  return { conversation, segment, all };
}

/**
 * An answer still coming stores its steps and time to first token with its end: while it streams on
 * this process, they come from the live answer (and its first words make it Streaming).
 */
function withLiveProgress(details: Schemas["ExecutionDetails"]): Schemas["ExecutionDetails"] {
  if (details.status !== "Pending" && details.status !== "Streaming") return details;
  const progress = liveAnswers.progress(details.conversationSegmentId);
  if (!progress) return details;
  const status = progress.timeToFirstTokenMs === null ? details.status : "Streaming";
  return { ...details, status, steps: progress.steps, timeToFirstTokenMs: progress.timeToFirstTokenMs };
}

async function setConversation(ctx: HandlerContext, conversationId: string, values: Partial<typeof conversations.$inferInsert>) {
  const [row] = await ctx.deps.database.db
    .update(conversations)
    .set(values)
    .where(and(eq(conversations.conversationId, conversationId), eq(conversations.userId, requireUser(ctx).userId)))
    .returning();
  return row!;
}

async function summary(ctx: HandlerContext, row: typeof conversations.$inferSelect): Promise<Schemas["ConversationSummary"]> {
  return toSummary(row, await agentReference(ctx.deps.database.db, row.gptSystemId, row.userId));
}

async function setFeedback(ctx: HandlerContext, params: SegmentParams, feedback: string | null, comment: string | null) {
  const { segment, all } = await ownedSegment(ctx, params);
  const [row] = await ctx.deps.database.db
    .update(conversationSegments)
    .set({ feedback, feedbackComment: comment })
    .where(eq(conversationSegments.conversationSegmentId, segment.conversationSegmentId))
    .returning();
  const agent = row!.answeredWithGptSystemId ? await agentReference(ctx.deps.database.db, row!.answeredWithGptSystemId) : null;
  const rated = toSegment(row!, all, agent, await segmentFilesFor(ctx.deps.database.db, requireUser(ctx).userId, [row!]));
  // The segment as the conversation's read gives it: with the code interpreter's runs and files.
  return (await attachCodeInterpreterResults(ctx.deps.database.db, [rated]))[0]!;
}

export const userConversationsHandlers: Handlers = {
  async listUserConversations(request, _reply, ctx) {
    const q = request.query as { includeArchived?: boolean; includeDeleted?: boolean; continuationToken?: string; search?: string; pageSize?: number };
    return listConversations(ctx.deps.database.db, requireUser(ctx).userId, {
      archived: q.includeArchived ? "include" : "exclude",
      includeDeleted: q.includeDeleted ?? false,
      search: q.search,
      continuationToken: q.continuationToken,
      pageSize: q.pageSize ?? 50,
    });
  },

  async listArchivedUserConversations(request, _reply, ctx) {
    const q = request.query as { continuationToken?: string; search?: string; pageSize?: number };
    return listConversations(ctx.deps.database.db, requireUser(ctx).userId, {
      archived: "only",
      includeDeleted: false,
      search: q.search,
      continuationToken: q.continuationToken,
      pageSize: q.pageSize ?? 50,
    });
  },

  async getUserConversation(request, _reply, ctx) {
    const row = await owned(ctx, (request.params as ConversationParams).conversationId);
    return toConversation(ctx.deps.database.db, row);
  },

  async deleteUserConversation(request, _reply, ctx) {
    const row = await owned(ctx, (request.params as ConversationParams).conversationId);
    await setConversation(ctx, row.conversationId, { deletedAt: new Date() });
    // An answer still coming is stopped: a deleted conversation cannot be followed or stopped any more.
    // Here, or by the process that writes it (answerSignals.ts).
    await Promise.all([
      liveAnswers.stopConversation(row.conversationId, row.userId),
      stopConversationElsewhere(ctx.deps.database, row.conversationId, row.userId),
    ]);
    return undefined;
  },

  async archiveUserConversation(request, _reply, ctx) {
    const row = await owned(ctx, (request.params as ConversationParams).conversationId);
    return summary(ctx, await setConversation(ctx, row.conversationId, { archivedAt: row.archivedAt ?? new Date() }));
  },

  async unArchiveUserConversation(request, _reply, ctx) {
    const row = await owned(ctx, (request.params as ConversationParams).conversationId);
    return summary(ctx, await setConversation(ctx, row.conversationId, { archivedAt: null }));
  },

  async updateUserConversationTitle(request, _reply, ctx) {
    const { conversationId } = request.params as ConversationParams;
    const body = request.body as Schemas["UpdateTitleRequest"];
    if (body.conversationId !== conversationId)
      throw problem(400, "Bad Request", "The request is not valid.", { conversationId: ["must match the conversation in the path"] });
    const title = userTitle(body.title);
    if (!title) throw problem(400, "Bad Request", "The request is not valid.", { title: ["is required"] });
    const row = await owned(ctx, conversationId);
    return summary(ctx, await setConversation(ctx, row.conversationId, { title }));
  },

  async updateUserConversationSelectedLeafSegmentId(request, _reply, ctx) {
    const { conversationId } = request.params as ConversationParams;
    const { conversationSegmentId } = request.body as Schemas["UpdateSelectedLeafRequest"];
    const row = await owned(ctx, conversationId);
    const all = await segmentsOf(ctx.deps.database.db, conversationId);
    if (!all.some((s) => s.conversationSegmentId === conversationSegmentId))
      throw problem(400, "Bad Request", "The request is not valid.", { conversationSegmentId: ["is not a segment of this conversation"] });
    // Selecting a branch shows it down to its newest answer.
    const leaf = newestLeafUnder(all, conversationSegmentId);
    return toConversation(ctx.deps.database.db, await setConversation(ctx, row.conversationId, { selectedLeafSegmentId: leaf }));
  },

  async exportUserConversation(request, reply, ctx) {
    const db = ctx.deps.database.db;
    const row = await owned(ctx, (request.params as ConversationParams).conversationId);
    // Spec §5 hides Export for banned or blocked agents: the operation refuses them the same way.
    const [agent] = await db.select().from(gptSystems).where(eq(gptSystems.gptSystemId, row.gptSystemId));
    if (agent) await refuseBannedOrBlocked(db, agent);
    const conversation = await toConversation(db, row);
    reply.header("content-disposition", contentDisposition(exportFileName(conversation.title)));
    reply.type("text/plain; charset=utf-8");
    return exportText(conversation);
  },

  async createUserConversation(request, reply, ctx) {
    const { gptSystemId } = request.params as { gptSystemId: string };
    return startConversation(ctx, requireUser(ctx), { published: gptSystemId }, request.body as Schemas["PostQuestionRequest"], reply);
  },

  async createUserConversationSegment(request, reply, ctx) {
    const row = await owned(ctx, (request.params as ConversationParams).conversationId);
    return continueConversation(ctx, requireUser(ctx), row, request.body as Schemas["PostQuestionRequest"], reply);
  },

  async followUserConversationSegment(request, reply, ctx) {
    const params = request.params as SegmentParams;
    const row = await owned(ctx, params.conversationId);
    return followAnswer(ctx, requireUser(ctx).userId, row, params.conversationSegmentId, reply);
  },

  async stopUserConversationSegment(request, _reply, ctx) {
    const { segment } = await ownedSegment(ctx, request.params as SegmentParams);
    const { userId } = requireUser(ctx);
    // False when it is not streaming here: it has ended (nothing to stop, which is what the caller wanted),
    // or another server process on the same database streams it.
    const stopped = await liveAnswers.stop(segment.conversationSegmentId, userId);
    if (!stopped && mayStreamElsewhere(ctx.deps.database, segment.status))
      await stopElsewhere(ctx.deps.database, segment.conversationSegmentId, userId);
    return undefined;
  },

  async getUserConversationSegmentExecutionDetails(request, _reply, ctx) {
    const { segment } = await ownedSegment(ctx, request.params as SegmentParams);
    return withLanguageEngineName(ctx.deps.database.db, withLiveProgress(toExecutionDetails(segment)));
  },

  async getUserConversationSegmentTraceLogs(request, _reply, ctx) {
    const params = request.params as SegmentParams;
    const conversation = await owned(ctx, params.conversationId);
    const traceLog = await segmentTraceLog(ctx.deps.database.db, conversation.conversationId, params.conversationSegmentId);
    if (!traceLog) throw problem(404, "Not Found", "No such segment.");
    return { traceLogs: traceLog };
  },

  async submitUserConversationSegmentFeedback(request, _reply, ctx) {
    const body = request.body as Schemas["FeedbackRequest"];
    return setFeedback(ctx, request.params as SegmentParams, body.feedback, body.comment ?? null);
  },

  async removeUserConversationSegmentFeedback(request, _reply, ctx) {
    return setFeedback(ctx, request.params as SegmentParams, null, null);
  },

  // The spec's removeFeedback: the same as DELETE .../feedback.
  removeUserConversationSegmentFeedbackByPost(request, reply, ctx) {
    return userConversationsHandlers.removeUserConversationSegmentFeedback!(request, reply, ctx);
  },

  // A banned or blocked agent cannot be asked (403, as its questions are): the chat says why instead of offering it.
  async getGptSystemDetailsForConversation(request, _reply, ctx) {
    const agent = await getVisibleAgent(ctx.deps.database.db, requireUser(ctx), (request.params as { gptSystemId: string }).gptSystemId);
    await refuseBannedOrBlocked(ctx.deps.database.db, agent);
    return detailsForConversation(ctx, agent);
  },

  async getGptSystemPromptsForConversation(request, _reply, ctx) {
    const agent = await getVisibleAgent(ctx.deps.database.db, requireUser(ctx), (request.params as { gptSystemId: string }).gptSystemId);
    await refuseBannedOrBlocked(ctx.deps.database.db, agent);
    return promptsForConversation(ctx.deps.database.db, agent.gptSystemId);
  },
};
