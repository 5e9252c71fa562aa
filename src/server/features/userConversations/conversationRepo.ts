/** Reading conversations the caller owns, and shaping them as the contract's schemas. */
import { and, asc, eq, isNull } from "drizzle-orm";
import { attachCodeInterpreterResults } from "../../codeInterpreter/segmentResults";
import type { components } from "../../../generated/api";
import type { Db } from "../../db/client";
import { conversationSegments, conversations, gptSystems } from "../../db/chatSchema";
import { problem } from "../../http/problem";
import { filesOfSegment, type SegmentFileLookup, segmentFilesFor } from "./segmentFiles";
import { pathTo, siblingsOf } from "./segmentTree";

export type ConversationRow = typeof conversations.$inferSelect;
export type SegmentRow = typeof conversationSegments.$inferSelect;
type Schemas = components["schemas"];

/** Chat conversations only: test conversations against a draft configuration live apart (configStateConversations). */
export const isChatConversation = isNull(conversations.draftConfigStateId);

/**
 * The conversation if the caller owns it and it is not deleted; otherwise 404 (never 403).
 * A chat conversation, or with draftConfigStateId a test conversation against that draft.
 */
export async function getOwnedConversation(
  db: Db,
  userId: string,
  conversationId: string,
  options: { includeDeleted?: boolean; draftConfigStateId?: string } = {},
): Promise<ConversationRow> {
  const kind = options.draftConfigStateId ? eq(conversations.draftConfigStateId, options.draftConfigStateId) : isChatConversation;
  const [row] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.conversationId, conversationId), eq(conversations.userId, userId), kind));
  if (!row || (row.deletedAt && !options.includeDeleted)) throw problem(404, "Not Found", "No such conversation.");
  return row;
}

export function segmentsOf(db: Db, conversationId: string): Promise<SegmentRow[]> {
  return db
    .select()
    .from(conversationSegments)
    .where(eq(conversationSegments.conversationId, conversationId))
    .orderBy(asc(conversationSegments.createdAt));
}

export async function agentReference(db: Db, gptSystemId: string): Promise<Schemas["GptSystemReference"]> {
  const [agent] = await db.select().from(gptSystems).where(eq(gptSystems.gptSystemId, gptSystemId));
  return {
    gptSystemId,
    name: agent?.name ?? "Deleted agent",
    gptSystemType: agent?.gptSystemType === "User" ? "User" : "System",
    isPublic: agent?.isPublic ?? false,
  };
}

export function toSummary(row: ConversationRow, agent: Schemas["GptSystemReference"]): Schemas["ConversationSummary"] {
  return {
    conversationId: row.conversationId,
    title: row.title,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    isArchived: row.archivedAt !== null,
    isDeleted: row.deletedAt !== null,
    moderationStatus: row.moderationStatus,
    gptSystem: agent,
    // Only owners ever reach a conversation through these operations.
    ownership: { ownerIsCurrentUser: true },
  };
}

export function toSegment(
  row: SegmentRow,
  all: readonly SegmentRow[],
  agent: Schemas["GptSystemReference"] | null,
  files: SegmentFileLookup,
): Schemas["ConversationSegment"] {
  return {
    conversationSegmentId: row.conversationSegmentId,
    parentSegmentId: row.parentSegmentId,
    question: row.question,
    answer: row.answer,
    status: row.status as Schemas["SegmentStatus"],
    errorText: row.errorText,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    visionImages: row.visionImageIds,
    attachments: row.attachmentIds,
    ...filesOfSegment(row, files),
    citations: row.citations as Schemas["Citation"][],
    feedback: (row.feedback as Schemas["Feedback"] | null) ?? null,
    answeredWithGptSystem: agent,
    siblingIds: siblingsOf(all, row.conversationSegmentId),
  };
}

/** Model, tokens, latency and steps of one answer (the trace behind the execution-details drawer). */
export function toExecutionDetails(segment: SegmentRow): Schemas["ExecutionDetails"] {
  return {
    conversationSegmentId: segment.conversationSegmentId,
    status: segment.status as Schemas["SegmentStatus"],
    languageEngine: segment.languageEngine,
    deploymentName: segment.deploymentName,
    inputTokens: segment.inputTokens,
    outputTokens: segment.outputTokens,
    timeToFirstTokenMs: segment.timeToFirstTokenMs,
    durationMs: segment.durationMs,
    steps: segment.steps,
  };
}

export async function toConversation(db: Db, row: ConversationRow): Promise<Schemas["Conversation"]> {
  const [segments, agent] = await Promise.all([segmentsOf(db, row.conversationId), agentReference(db, row.gptSystemId)]);
  const path = pathTo(segments, row.selectedLeafSegmentId);
  const files = await segmentFilesFor(db, row.userId, path);
  const agents = new Map<string, Schemas["GptSystemReference"]>([[row.gptSystemId, agent]]);
  for (const segment of path) {
    const id = segment.answeredWithGptSystemId;
    if (id && !agents.has(id)) agents.set(id, await agentReference(db, id));
  }
  return {
    ...toSummary(row, agent),
    conversationSegmentTree: {
      selectedLeafSegmentId: row.selectedLeafSegmentId,
      segmentPath: path.map((s) => s.conversationSegmentId),
      segments: await attachCodeInterpreterResults(
        db,
        path.map((s) => toSegment(s, segments, s.answeredWithGptSystemId ? (agents.get(s.answeredWithGptSystemId) ?? null) : null, files)),
      ),
    },
  };
}
