/**
 * createUserConversation / createUserConversationSegment: store the question,
 * then hand the raw response to the answer stream.
 */
import { and, eq } from "drizzle-orm";
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
import { segmentsOf, type ConversationRow } from "./conversationRepo";
import { liveAnswers } from "./liveAnswersInstance";
import { streamAnswer } from "./answerStream";
import { titleFromQuestion } from "./titles";
import { assertOwnVisionImages } from "./visionImages";

type PostQuestionRequest = components["schemas"]["PostQuestionRequest"];

/** Every image and attachment named must be the caller's: another user's answers 404 like a missing one. */
async function checkUploads(ctx: HandlerContext, user: AuthenticatedUser, body: PostQuestionRequest): Promise<void> {
  const db = ctx.deps.database.db;
  await assertOwnVisionImages(db, user.userId, body.visionImageIds ?? []);
  await assertOwnAttachments(db, user.userId, body.attachmentIds ?? []);
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
    const [segment] = await tx
      .insert(conversationSegments)
      .values({
        conversationId: conversation!.conversationId,
        parentSegmentId: null,
        question: body.question,
        visionImageIds: [...new Set(body.visionImageIds ?? [])],
        attachmentIds: [...new Set(body.attachmentIds ?? [])],
        status: "Pending",
        answeredWithGptSystemId: agent.gptSystemId,
        configStateId: config.configStateId,
        languageEngine: model.languageEngine,
        deploymentName: model.deploymentName,
      })
      .returning();
    await tx
      .update(conversations)
      .set({ selectedLeafSegmentId: segment!.conversationSegmentId })
      .where(eq(conversations.conversationId, conversation!.conversationId));
    return { conversation: conversation!, segment: segment! };
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
  const segment = await db.transaction(async (tx) => {
    const [segment] = await tx
      .insert(conversationSegments)
      .values({
        conversationId: conversation.conversationId,
        parentSegmentId,
        question: body.question,
        visionImageIds: [...new Set(body.visionImageIds ?? [])],
        attachmentIds: [...new Set(body.attachmentIds ?? [])],
        status: "Pending",
        answeredWithGptSystemId: agent.gptSystemId,
        configStateId: config.configStateId,
        languageEngine: model.languageEngine,
        deploymentName: model.deploymentName,
      })
      .returning();
    await tx
      .update(conversations)
      .set({ selectedLeafSegmentId: segment!.conversationSegmentId, updatedAt: new Date() })
      .where(and(eq(conversations.conversationId, conversation.conversationId)));
    return segment!;
  });
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
    sse.end();
  }
  return reply;
}
