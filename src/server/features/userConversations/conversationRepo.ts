/** Reading conversations the caller owns, and shaping them as the contract's schemas. */
import { and, asc, eq, getTableColumns, isNull } from "drizzle-orm";
import { attachCodeInterpreterResults } from "../../codeInterpreter/segmentResults";
import type { components } from "../../../generated/api";
import type { Db } from "../../db/client";
import { connections, conversationSegments, conversations, gptSystems } from "../../db/chatSchema";
import { chosenColumns } from "../../db/storedRow";
import { problem } from "../../http/problem";
import { LOCAL_ENGINE } from "../gptSystems/modelForConfig";
import { filesOfSegment, type SegmentFileLookup, segmentFilesFor } from "./segmentFiles";
import { pathTo, siblingsOf, type TreeNode } from "./segmentTree";

export type ConversationRow = typeof conversations.$inferSelect;
/**
 * A segment without its trace log, which only the trace-log operations read (segmentTraceLog),
 * and without the heartbeat that only the live answers' sweeper reads (liveAnswerSweeper.ts).
 */
export type SegmentRow = Omit<typeof conversationSegments.$inferSelect, "traceLog" | "aliveAt">;

/** What inserting a segment returns: what the database chooses (storedRow.ts gives the whole row from it). */
const { aliveAt: _aliveAt, ...chosenSegmentColumns } = chosenColumns(conversationSegments);
export const SEGMENT_CHOSEN = chosenSegmentColumns;
const { traceLog: _traceLog, aliveAt: _heartbeat, ...segmentColumns } = getTableColumns(conversationSegments);

/**
 * The columns a conversation's view shows: not the execution details (steps, tokens,
 * timings, read by the details drawer alone), which can outweigh the text itself.
 */
const segmentViewColumns = {
  conversationSegmentId: conversationSegments.conversationSegmentId,
  conversationId: conversationSegments.conversationId,
  parentSegmentId: conversationSegments.parentSegmentId,
  question: conversationSegments.question,
  answer: conversationSegments.answer,
  status: conversationSegments.status,
  errorText: conversationSegments.errorText,
  answeredWithGptSystemId: conversationSegments.answeredWithGptSystemId,
  visionImageIds: conversationSegments.visionImageIds,
  attachmentIds: conversationSegments.attachmentIds,
  citations: conversationSegments.citations,
  feedback: conversationSegments.feedback,
  createdAt: conversationSegments.createdAt,
  completedAt: conversationSegments.completedAt,
};
export type SegmentViewRow = Pick<SegmentRow, keyof typeof segmentViewColumns>;

/**
 * The columns a new question's model input reads from the segments before it: the tree (for the
 * selected path), the turns' texts, their images and files. While a follow-up reads them, every other
 * question waits on the embedded database: all 23 columns of a 150-turn conversation take 5.6 ms
 * there (median), these 3.0 ms.
 */
const segmentContextColumns = {
  conversationSegmentId: conversationSegments.conversationSegmentId,
  parentSegmentId: conversationSegments.parentSegmentId,
  question: conversationSegments.question,
  answer: conversationSegments.answer,
  visionImageIds: conversationSegments.visionImageIds,
  attachmentIds: conversationSegments.attachmentIds,
  createdAt: conversationSegments.createdAt,
  status: conversationSegments.status,
};
export type ContextSegment = Pick<SegmentRow, keyof typeof segmentContextColumns>;
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

const inConversation = (conversationId: string) => eq(conversationSegments.conversationId, conversationId);
const oldestFirst = asc(conversationSegments.createdAt);

export function segmentsOf(db: Db, conversationId: string): Promise<SegmentRow[]> {
  return db.select(segmentColumns).from(conversationSegments).where(inConversation(conversationId)).orderBy(oldestFirst);
}

/** segmentsOf with the view's columns only. */
function viewSegmentsOf(db: Db, conversationId: string): Promise<SegmentViewRow[]> {
  return db.select(segmentViewColumns).from(conversationSegments).where(inConversation(conversationId)).orderBy(oldestFirst);
}

/** segmentsOf with what a new question's model input reads. */
export function contextSegmentsOf(db: Db, conversationId: string): Promise<ContextSegment[]> {
  return db.select(segmentContextColumns).from(conversationSegments).where(inConversation(conversationId)).orderBy(oldestFirst);
}

/** siblingsOf for every segment at once: the children of each parent grouped in one pass (a path asks for each of its segments). */
function siblingIndex(segments: readonly TreeNode[]): (segmentId: string) => string[] {
  const children = new Map<string, string[]>();
  const parentOf = new Map<string, string>();
  for (const segment of [...segments].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())) {
    const parent = segment.parentSegmentId ?? "";
    parentOf.set(segment.conversationSegmentId, parent);
    const list = children.get(parent);
    if (list) list.push(segment.conversationSegmentId);
    else children.set(parent, [segment.conversationSegmentId]);
  }
  return (segmentId) => {
    const parent = parentOf.get(segmentId);
    return parent === undefined ? [] : [...children.get(parent)!];
  };
}

/**
 * A conversation's agent as the contract shows it; with the caller's user id the
 * ownership tells whether it is the caller's own agent (a visitor never owns one).
 */
export function toAgentReference(
  gptSystemId: string,
  agent: typeof gptSystems.$inferSelect | undefined,
  userId?: string,
): Schemas["ConversationAgentReference"] {
  return {
    gptSystemId,
    name: agent?.name ?? "Deleted agent",
    gptSystemType: agent?.gptSystemType === "User" ? "User" : "System",
    isPublic: agent?.isPublic ?? false,
    moderationStatus: agent?.moderationStatus === "Banned" ? "Banned" : null,
    ownership: { ownerIsCurrentUser: userId !== undefined && agent?.ownerUserId === userId },
  };
}

export async function agentReference(db: Db, gptSystemId: string, userId?: string): Promise<Schemas["ConversationAgentReference"]> {
  const [agent] = await db.select().from(gptSystems).where(eq(gptSystems.gptSystemId, gptSystemId));
  return toAgentReference(gptSystemId, agent, userId);
}

export function toSummary(row: ConversationRow, agent: Schemas["ConversationAgentReference"]): Schemas["ConversationSummary"] {
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

/** `all`: every segment of the conversation (for the siblings), or a siblingIndex of them. */
export function toSegment(
  row: SegmentViewRow,
  all: readonly TreeNode[] | ((segmentId: string) => string[]),
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
    siblingIds: typeof all === "function" ? all(row.conversationSegmentId) : siblingsOf(all, row.conversationSegmentId),
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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The execution details with the engine's readable name: the connection's, `Built-in` for the local engine. */
export async function withLanguageEngineName(
  db: Db,
  details: Schemas["ExecutionDetails"],
): Promise<Schemas["ExecutionDetails"]> {
  const engine = details.languageEngine;
  if (engine === LOCAL_ENGINE) return { ...details, languageEngineName: "Built-in" };
  if (engine === null || !UUID.test(engine)) return { ...details, languageEngineName: null };
  const [connection] = await db
    .select({ name: connections.name })
    .from(connections)
    .where(eq(connections.connectionId, engine));
  return { ...details, languageEngineName: connection?.name ?? null };
}

/** The stored trace log of one of a conversation's segments, or undefined when it is not one of them. */
export async function segmentTraceLog(
  db: Db,
  conversationId: string,
  segmentId: string,
): Promise<Schemas["TraceLogEntry"][] | undefined> {
  const [row] = await db
    .select({ traceLog: conversationSegments.traceLog })
    .from(conversationSegments)
    .where(and(eq(conversationSegments.conversationId, conversationId), eq(conversationSegments.conversationSegmentId, segmentId)));
  return row?.traceLog;
}

export async function toConversation(db: Db, row: ConversationRow): Promise<Schemas["Conversation"]> {
  const [segments, agent] = await Promise.all([viewSegmentsOf(db, row.conversationId), agentReference(db, row.gptSystemId, row.userId)]);
  const path = pathTo(segments, row.selectedLeafSegmentId);
  const siblings = siblingIndex(segments);
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
        path.map((s) => toSegment(s, siblings, s.answeredWithGptSystemId ? (agents.get(s.answeredWithGptSystemId) ?? null) : null, files)),
      ),
    },
  };
}
