/**
 * createUserConversation / createUserConversationSegment: store the question,
 * then hand the raw response to the answer stream.
 */
import { randomUUID } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { FastifyReply } from "fastify";
import type { components } from "../../../generated/api";
import { cachesFor, type UsableAgent } from "../../cache/appCaches";
import { conversationSegments, conversations } from "../../db/chatSchema";
import { storedRow } from "../../db/storedRow";
import { problem } from "../../http/problem";
import type { AuthenticatedUser, HandlerContext } from "../../http/types";
import { secretBoxFor } from "../../security/secretBoxFor";
import { speechSessionsFor } from "../../speech/speechSessions";
import { openSse } from "../../streaming/sse";
import { assertOwnAttachments } from "../attachments/attachmentRepo";
import { assertWithinBudget, BUDGET_KEY, budgetCaps, type BudgetCaps } from "../adminInstanceSettings/budget";
import { getUsableAgent } from "../gptSystems/agentAccess";
import { assertGuidelinesConsent } from "../guidelines/pendingConsents";
import { modelForConfig, type ResolvedModel } from "../gptSystems/modelForConfig";
import { SEGMENT_CHOSEN, contextSegmentsOf, type ContextSegment, type ConversationRow, type SegmentRow } from "./conversationRepo";
import { answerSlots, liveAnswers } from "./liveAnswersInstance";
import { storeNewConversationRows } from "./newConversationBatches";
import { INTERNAL_ERROR_TEXT, streamAnswer } from "./answerStream";
import { NOTHING_VISIBLE, titleFromQuestion } from "./titles";
import { startTraceLog } from "./traceLog";
import { assertOwnVisionImages } from "./visionImages";

type PostQuestionRequest = components["schemas"]["PostQuestionRequest"];

/** Half of a UTF-16 surrogate pair on its own: JSON can carry it, no text encoding can (a provider refuses it). */
const LONE_SURROGATES = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * The question as it is stored and sent: a lone surrogate becomes U+FFFD, as the database would
 * store it anyway (the first request would otherwise differ from the stored question). A question
 * of only spaces or blank lines asks nothing, and a model would be sent it with every later question.
 */
function checkedQuestion(body: PostQuestionRequest): PostQuestionRequest {
  if (NOTHING_VISIBLE.test(body.question))
    throw problem(400, "Bad Request", "The request is not valid.", { question: ["must not be empty or only spaces"] });
  const question = body.question.replace(LONE_SURROGATES, "\ufffd");
  return question === body.question ? body : { ...body, question };
}

/** Every image and attachment named must be the caller's: another user's answers 404 like a missing one. */
async function checkUploads(ctx: HandlerContext, user: AuthenticatedUser, body: PostQuestionRequest): Promise<void> {
  const db = ctx.deps.database.db;
  await assertOwnVisionImages(db, user.userId, body.visionImageIds ?? []);
  await assertOwnAttachments(db, user.userId, body.attachmentIds ?? []);
}

interface QuestionTarget {
  conversationId: string;
  parentSegmentId: string | null;
  agent: UsableAgent["agent"];
  config: UsableAgent["config"];
  model: ResolvedModel;
}

/*
 * Before the model call the database is asked nothing in the common case: the
 * caller's agent, its published configuration and model client, and the budget
 * caps come from the in-process caches (src/server/cache), which every committed
 * write to their tables clears. Only storing the question touches the database.
 */

/** The agent and its published configuration, if this caller may use it (404 / 403 / 409 otherwise). */
function usableAgent(ctx: HandlerContext, user: AuthenticatedUser, gptSystemId: string): Promise<UsableAgent> {
  return cachesFor(ctx.deps.database).usableAgents.get(`${user.userId}:${gptSystemId}`, () =>
    getUsableAgent(ctx.deps.database.db, user, gptSystemId),
  );
}

function resolvedModel(ctx: HandlerContext, config: UsableAgent["config"]): Promise<ResolvedModel> {
  return cachesFor(ctx.deps.database).models.get(`${config.languageEngine}:${config.deploymentName}`, () =>
    modelForConfig(ctx.deps.database.db, secretBoxFor(ctx.deps.config), config),
  );
}

/** Usage is always counted afresh; only the caps are cached. */
async function checkBudget(ctx: HandlerContext, scope: { userId: string; gptSystemId: string }): Promise<void> {
  const db = ctx.deps.database.db;
  const caps = (await cachesFor(ctx.deps.database).settings.get(BUDGET_KEY, () => budgetCaps(db))) as BudgetCaps;
  await assertWithinBudget(db, scope, new Date(), caps);
}

/** Awaits promises that run concurrently; the first failure in argument order is thrown (the checks' order is part of the API). */
async function inOrder<T extends readonly unknown[]>(...promises: { [K in keyof T]: Promise<T[K]> }): Promise<T> {
  const settled = await Promise.allSettled(promises);
  for (const result of settled) if (result.status === "rejected") throw result.reason;
  return settled.map((result) => (result as PromiseFulfilledResult<unknown>).value) as unknown as T;
}

/**
 * Which configuration answers: the agent's published one (the chat), a draft under test
 * (configStateConversations), or a public agent's published one for a visitor's session
 * (publicConversations); the last two their callers have already loaded and authorised.
 */
export type AnsweringConfiguration =
  | { published: string }
  | { draft: UsableAgent }
  | { public: UsableAgent; publicSessionHash: string };

/** The caller's uploads, then the agent: 404 for either when it is not theirs to use; then 409 while guidelines await consent. */
async function agentFor(ctx: HandlerContext, user: AuthenticatedUser, answering: AnsweringConfiguration, body: PostQuestionRequest) {
  // A draft is tried out by whoever configures it; the guidelines are for people chatting with published agents.
  if ("draft" in answering) {
    await checkUploads(ctx, user, body);
    return answering.draft;
  }
  // Visitors send no uploads (publicConversations refuses them) and have no guidelines to consent to.
  if ("public" in answering) return answering.public;
  const gptSystemId = answering.published;
  const [, usable] = await inOrder<[void, UsableAgent, void]>(
    checkUploads(ctx, user, body),
    usableAgent(ctx, user, gptSystemId),
    assertGuidelinesConsent(ctx.deps.database, user.userId), // cached: no query in the common case
  );
  return usable;
}

async function modelWithinBudget(ctx: HandlerContext, user: AuthenticatedUser, usable: UsableAgent) {
  const scope = { userId: user.userId, gptSystemId: usable.agent.gptSystemId };
  const [model] = await inOrder<[ResolvedModel, void]>(resolvedModel(ctx, usable.config), checkBudget(ctx, scope));
  return { ...usable, model };
}

function questionValues(body: PostQuestionRequest, target: QuestionTarget, conversationSegmentId: string) {
  return {
    conversationSegmentId,
    conversationId: target.conversationId,
    parentSegmentId: target.parentSegmentId,
    question: body.question,
    visionImageIds: [...new Set(body.visionImageIds ?? [])],
    attachmentIds: [...new Set(body.attachmentIds ?? [])],
    status: "Pending",
    answeredWithGptSystemId: target.agent.gptSystemId,
    configStateId: target.config.configStateId,
    languageEngine: target.model.languageEngine,
    deploymentName: target.model.deploymentName,
  };
}

/**
 * Stores a new conversation with its first question (status Pending) as its selected leaf, in one
 * statement (a data-modifying CTE: both rows or neither, shared with the other new conversations
 * of the same event-loop turn), before any model is called.
 */
async function storeNewConversation(
  ctx: HandlerContext,
  user: AuthenticatedUser,
  body: PostQuestionRequest,
  prepared: Omit<QuestionTarget, "conversationId" | "parentSegmentId">,
  marks: Pick<ConversationRow, "draftConfigStateId" | "publicSessionHash">,
): Promise<{ conversation: ConversationRow; segment: SegmentRow }> {
  const db = ctx.deps.database.db;
  const conversationId = randomUUID();
  const segmentId = randomUUID();
  const conversation = {
    conversationId,
    userId: user.userId,
    gptSystemId: prepared.agent.gptSystemId,
    title: titleFromQuestion(body.question),
    selectedLeafSegmentId: segmentId,
    ...marks,
  };
  const target = { ...prepared, conversationId, parentSegmentId: null };
  const segment = await storeNewConversationRows(db, conversation, questionValues(body, target, segmentId));
  // now() is one instant per statement: the conversation's timestamps equal the segment's createdAt.
  const at = segment.createdAt;
  return {
    conversation: { ...conversation, moderationStatus: null, createdAt: at, updatedAt: at, archivedAt: null, deletedAt: null },
    segment,
  };
}

/** Stores a follow-up question and makes it the selected leaf, in one statement. */
async function storeFollowUp(ctx: HandlerContext, body: PostQuestionRequest, target: QuestionTarget): Promise<SegmentRow> {
  const db = ctx.deps.database.db;
  const segmentId = randomUUID();
  const selected = db.$with("selected_leaf").as(
    db
      .update(conversations)
      .set({ selectedLeafSegmentId: segmentId, updatedAt: sql`now()` })
      .where(eq(conversations.conversationId, target.conversationId))
      .returning({ id: conversations.conversationId }),
  );
  const values = questionValues(body, target, segmentId);
  const [chosen] = await db.with(selected).insert(conversationSegments).values(values).returning(SEGMENT_CHOSEN);
  return storedRow(conversationSegments, values, chosen!);
}

export async function startConversation(
  ctx: HandlerContext,
  user: AuthenticatedUser,
  answering: AnsweringConfiguration,
  body: PostQuestionRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  body = checkedQuestion(body);
  // A new conversation has no segment to ask under: a parent named anyway is a client's mistake, not ignored.
  if (body.parentSegmentId !== undefined && body.parentSegmentId !== null)
    throw problem(400, "Bad Request", "The request is not valid.", { parentSegmentId: ["must be null or absent when a conversation starts"] });
  const prepared = await modelWithinBudget(ctx, user, await agentFor(ctx, user, answering, body));
  const release = takeAnswerSlot(ctx, user, answering);
  try {
    const { conversation, segment } = await storeNewConversation(ctx, user, body, prepared, {
      draftConfigStateId: "draft" in answering ? answering.draft.config.configStateId : null,
      publicSessionHash: "public" in answering ? answering.publicSessionHash : null,
    });
    const job = { conversation, segment, ...prepared, isFirstQuestion: true, provisionalTitle: conversation.title, all: [segment] };
    return await runStream(ctx, user, reply, job, answering);
  } finally {
    release();
  }
}

/**
 * One of the asker's answer slots, until the answer has ended (429 when all are taken): counted per
 * visitor session in the public chat, whose visitors share one account, else per user.
 */
function takeAnswerSlot(ctx: HandlerContext, user: AuthenticatedUser, answering: AnsweringConfiguration): () => void {
  const asker = "public" in answering ? `public:${answering.publicSessionHash}` : user.userId;
  return answerSlots.take(asker, ctx.deps.config.maxAnswersPerUser);
}

/**
 * The conversation's title while it is still the one made from its first question and no answer has
 * completed (each failed or was stopped): the next answer that completes gets it a generated title.
 * Null when it has one, or the user renamed it.
 */
function provisionalTitleOf(conversation: ConversationRow, existing: readonly ContextSegment[]): string | null {
  const first = existing[0];
  if (!first || existing.some((s) => s.status === "Complete")) return null;
  return conversation.title === titleFromQuestion(first.question) ? conversation.title : null;
}

export async function continueConversation(
  ctx: HandlerContext,
  user: AuthenticatedUser,
  conversation: ConversationRow,
  body: PostQuestionRequest,
  reply: FastifyReply,
  answering: AnsweringConfiguration = { published: conversation.gptSystemId },
): Promise<FastifyReply> {
  body = checkedQuestion(body);
  const db = ctx.deps.database.db;
  const [usable, existing] = await inOrder<[UsableAgent, ContextSegment[]]>(
    agentFor(ctx, user, answering, body),
    contextSegmentsOf(db, conversation.conversationId),
  );
  const parentSegmentId = body.parentSegmentId === undefined ? conversation.selectedLeafSegmentId : body.parentSegmentId;
  const parent = parentSegmentId ? existing.find((s) => s.conversationSegmentId === parentSegmentId) : undefined;
  if (parentSegmentId && !parent)
    throw problem(400, "Bad Request", "The request is not valid.", { parentSegmentId: ["is not a segment of this conversation"] });
  // A question follows an answer: under one still coming, the model would see the question without it.
  if (parent && (parent.status === "Pending" || parent.status === "Streaming"))
    throw problem(409, "Conflict", "The answer to the question before is still coming. Ask again once it is complete.");
  const prepared = await modelWithinBudget(ctx, user, usable);
  const release = takeAnswerSlot(ctx, user, answering);
  try {
    const segment = await storeFollowUp(ctx, body, { ...prepared, conversationId: conversation.conversationId, parentSegmentId });
    const job = {
      conversation,
      segment,
      ...prepared,
      isFirstQuestion: existing.length === 0,
      provisionalTitle: provisionalTitleOf(conversation, existing),
      all: [...existing, segment],
    };
    return await runStream(ctx, user, reply, job, answering);
  } finally {
    release();
  }
}

async function runStream(
  ctx: HandlerContext,
  user: AuthenticatedUser,
  reply: FastifyReply,
  job: Pick<Parameters<typeof streamAnswer>[0], "conversation" | "segment" | "agent" | "config" | "model" | "isFirstQuestion" | "provisionalTitle"> & {
    all: Parameters<typeof streamAnswer>[1];
  },
  answering: AnsweringConfiguration,
): Promise<FastifyReply> {
  const controller = new AbortController();
  const abort = () => controller.abort();
  const segmentId = job.segment.conversationSegmentId;
  // The user's own chat can be followed again after a reload (followUserConversationSegment), so a
  // page that goes away leaves its answer streaming for a while (liveAnswers.ts); nobody can
  // follow a test chat or a visitor's, whose answers stop with their page.
  const askerLeft = "published" in answering ? () => liveAnswers.askerLeft(segmentId, ctx.deps.config.answerReconnectGraceMs) : abort;
  reply.hijack();
  // Fastify's `req` 'close' fires once the body is read; the response's 'close' tells a real disconnect (stack.md).
  const sse = openSse(reply.raw, { "x-request-id": ctx.requestId }, askerLeft);
  const trace = startTraceLog(reply.elapsedTime, {
    requestId: ctx.requestId,
    languageEngine: job.model.languageEngine,
    deploymentName: job.model.deploymentName,
    isFirstQuestion: job.isFirstQuestion,
  });
  // Only the user's own chat is read aloud: not a draft under test, not a public visitor's session.
  const speech = "published" in answering ? speechSessionsFor(ctx.deps).answerSpeech(user.userId) : undefined;
  try {
    await streamAnswer(
      { db: ctx.deps.database.db, log: ctx.deps.log, appConfig: ctx.deps.config, live: liveAnswers, userId: user.userId, sse, signal: controller.signal, abort, trace, speech, forVisitor: "public" in answering, ...job },
      job.all,
    );
  } catch (error) {
    ctx.deps.log.error({ err: error }, "answer stream crashed");
    trace.end("Failed", error, { durationMs: Math.round(reply.elapsedTime) });
    // Never leave the stored question with an answer that looks as if it were still coming (with the text
    // shown so far); an answer already stored as final (the crash came after, e.g. in its title's save)
    // keeps its state.
    const answer = liveAnswers.answerSoFar(segmentId);
    const marked = await ctx.deps.database.db
      .update(conversationSegments)
      .set({ status: "Failed", errorText: INTERNAL_ERROR_TEXT, completedAt: new Date(), traceLog: trace.list(), ...(answer === undefined ? {} : { answer }) })
      .where(and(eq(conversationSegments.conversationSegmentId, segmentId), inArray(conversationSegments.status, ["Pending", "Streaming"])))
      .returning({ id: conversationSegments.conversationSegmentId })
      .catch((markError: unknown) => {
        ctx.deps.log.error({ err: markError }, "could not mark a crashed answer");
        return [];
      });
    // The page learns the end as from any other failure (spec §4: the final model, then no-more-data last).
    if (marked.length > 0) {
      sse.send("internal-server-error", `\n\n${INTERNAL_ERROR_TEXT}`);
      sse.send("response-model", { conversationSegmentId: segmentId, status: "Failed", citations: [], errorText: INTERNAL_ERROR_TEXT });
    }
    sse.send("no-more-data", null);
    liveAnswers.finish(segmentId);
    sse.end();
  }
  return reply;
}
