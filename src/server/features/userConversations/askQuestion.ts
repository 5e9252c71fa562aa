/**
 * createUserConversation / createUserConversationSegment: store the question,
 * then hand the raw response to the answer stream.
 */
import { eq } from "drizzle-orm";
import type { FastifyReply } from "fastify";
import type { components } from "../../../generated/api";
import { conversationSegments, conversations } from "../../db/chatSchema";
import { problem } from "../../http/problem";
import type { AuthenticatedUser, HandlerContext } from "../../http/types";
import { secretBoxFor } from "../../security/secretBoxFor";
import { openSse } from "../../streaming/sse";
import { assertOwnAttachments } from "../attachments/attachmentRepo";
import { assertWithinBudget } from "../adminInstanceSettings/budget";
import { getUsableAgent } from "../gptSystems/agentAccess";
import { modelForConfig } from "../gptSystems/modelForConfig";
import { segmentsOf, type ConversationRow, type SegmentRow } from "./conversationRepo";
import { liveAnswers } from "./liveAnswersInstance";
import { INTERNAL_ERROR_TEXT, streamAnswer } from "./answerStream";
import { titleFromQuestion } from "./titles";
import { assertOwnVisionImages } from "./visionImages";

type PostQuestionRequest = components["schemas"]["PostQuestionRequest"];

/** Every image and attachment named must be the caller's: another user's answers 404 like a missing one. */
async function checkUploads(ctx: HandlerContext, user: AuthenticatedUser, body: PostQuestionRequest): Promise<void> {
  const db = ctx.deps.database.db;
  await assertOwnVisionImages(db, user.userId, body.visionImageIds ?? []);
  await assertOwnAttachments(db, user.userId, body.attachmentIds ?? []);
}

type Tx = Parameters<Parameters<HandlerContext["deps"]["database"]["db"]["transaction"]>[0]>[0];

interface QuestionTarget {
  conversationId: string;
  parentSegmentId: string | null;
  agent: Awaited<ReturnType<typeof getUsableAgent>>["agent"];
  config: Awaited<ReturnType<typeof getUsableAgent>>["config"];
  model: Awaited<ReturnType<typeof modelForConfig>>;
}

/** Stores the question (status Pending) and makes it the selected leaf, before any model is called. */
async function storeQuestion(tx: Tx, body: PostQuestionRequest, target: QuestionTarget): Promise<SegmentRow> {
  const [segment] = await tx
    .insert(conversationSegments)
    .values({
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
    })
    .returning();
  await tx
    .update(conversations)
    .set({ selectedLeafSegmentId: segment!.conversationSegmentId, updatedAt: new Date() })
    .where(eq(conversations.conversationId, target.conversationId));
  return segment!;
}

export async function startConversation(
  ctx: HandlerContext,
  user: AuthenticatedUser,
  gptSystemId: string,
  body: PostQuestionRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const db = ctx.deps.database.db;
  await checkUploads(ctx, user, body);
  const { agent, config } = await getUsableAgent(db, user, gptSystemId);
  const model = await modelForConfig(db, secretBoxFor(ctx.deps.config), config);
  await assertWithinBudget(db, { userId: user.userId, gptSystemId });
  const { conversation, segment } = await db.transaction(async (tx) => {
    const [conversation] = await tx
      .insert(conversations)
      .values({ userId: user.userId, gptSystemId, title: titleFromQuestion(body.question) })
      .returning();
    const target = { conversationId: conversation!.conversationId, parentSegmentId: null, agent, config, model };
    return { conversation: conversation!, segment: await storeQuestion(tx, body, target) };
  });
  return runStream(ctx, user, reply, { conversation, segment, agent, config, model, isFirstQuestion: true, all: [segment] });
}

export async function continueConversation(
  ctx: HandlerContext,
  user: AuthenticatedUser,
  conversation: ConversationRow,
  body: PostQuestionRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const db = ctx.deps.database.db;
  await checkUploads(ctx, user, body);
  const { agent, config } = await getUsableAgent(db, user, conversation.gptSystemId);
  const existing = await segmentsOf(db, conversation.conversationId);
  const parentSegmentId = body.parentSegmentId === undefined ? conversation.selectedLeafSegmentId : body.parentSegmentId;
  if (parentSegmentId && !existing.some((s) => s.conversationSegmentId === parentSegmentId))
    throw problem(400, "Bad Request", "The request is not valid.", { parentSegmentId: ["is not a segment of this conversation"] });
  const model = await modelForConfig(db, secretBoxFor(ctx.deps.config), config);
  await assertWithinBudget(db, { userId: user.userId, gptSystemId: conversation.gptSystemId });
  const target = { conversationId: conversation.conversationId, parentSegmentId, agent, config, model };
  const segment = await db.transaction((tx) => storeQuestion(tx, body, target));
  return runStream(ctx, user, reply, {
    conversation,
    segment,
    agent,
    config,
    model,
    isFirstQuestion: existing.length === 0,
    all: [...existing, segment],
  });
}

async function runStream(
  ctx: HandlerContext,
  user: AuthenticatedUser,
  reply: FastifyReply,
  job: Pick<Parameters<typeof streamAnswer>[0], "conversation" | "segment" | "agent" | "config" | "model" | "isFirstQuestion"> & {
    all: Parameters<typeof streamAnswer>[1];
  },
): Promise<FastifyReply> {
  const controller = new AbortController();
  reply.hijack();
  // Fastify's `req` 'close' fires once the body is read; the response's 'close' tells a real disconnect (stack.md).
  const sse = openSse(reply.raw, { "x-request-id": ctx.requestId }, () => controller.abort());
  try {
    await streamAnswer(
      { db: ctx.deps.database.db, log: ctx.deps.log, appConfig: ctx.deps.config, live: liveAnswers, userId: user.userId, sse, signal: controller.signal, ...job },
      job.all,
    );
  } catch (error) {
    ctx.deps.log.error({ err: error }, "answer stream crashed");
    // Never leave the stored question with an answer that looks as if it were still coming.
    await ctx.deps.database.db
      .update(conversationSegments)
      .set({ status: "Failed", errorText: INTERNAL_ERROR_TEXT, completedAt: new Date() })
      .where(eq(conversationSegments.conversationSegmentId, job.segment.conversationSegmentId))
      .catch((markError: unknown) => ctx.deps.log.error({ err: markError }, "could not mark a crashed answer"));
    liveAnswers.finish(job.segment.conversationSegmentId);
    sse.end();
  }
  return reply;
}
