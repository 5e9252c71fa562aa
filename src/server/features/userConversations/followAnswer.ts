/** followUserConversationSegment: replay what exists, then follow the live answer until it ends. */
import type { FastifyReply } from "fastify";
import type { HandlerContext } from "../../http/types";
import { problem } from "../../http/problem";
import { openSse } from "../../streaming/sse";
import { followElsewhere, mayStreamElsewhere, sendFinalState } from "./answerElsewhere";
import { segmentsOf, type ConversationRow } from "./conversationRepo";
import { liveAnswers } from "./liveAnswersInstance";

export async function followAnswer(
  ctx: HandlerContext,
  userId: string,
  conversation: ConversationRow,
  segmentId: string,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const segment = (await segmentsOf(ctx.deps.database.db, conversation.conversationId)).find((s) => s.conversationSegmentId === segmentId);
  if (!segment) throw problem(404, "Not Found", "No such segment.");
  reply.hijack();
  let unsubscribe = () => {};
  const sse = openSse(reply.raw, { "x-request-id": ctx.requestId }, () => unsubscribe());
  sse.send("conversation-and-segment-id", { conversationId: conversation.conversationId, conversationSegmentId: segmentId });
  const following = liveAnswers.follow(segmentId, userId, (event) => {
    sse.send(event.event, event.data);
    if (event.event === "no-more-data") sse.end();
  });
  if (following) {
    unsubscribe = following.unsubscribe;
    if (following.final !== undefined) {
      // Final already, its new conversation's title still to come: the stored answer and its state, then the end.
      sendStored(segment);
      return reply;
    }
    // The status line the asking page showed ("Generating the answer") shows on this one too.
    if (following.step !== undefined) sse.send("step-update", following.step);
    if (following.answerSoFar) sse.send("response-updated", following.answerSoFar);
    return reply;
  }
  // Still being written by another server process on the same database: followed from what it stores.
  if (mayStreamElsewhere(ctx.deps.database, segment.status)) {
    const graceMs = ctx.deps.config.answerReconnectGraceMs;
    await followElsewhere(ctx.deps.database, segmentId, sse, { answerSoFar: segment.answer, graceMs });
    return reply;
  }
  // Not streaming here (finished, or interrupted): the persisted answer is the whole answer.
  sendStored(segment);
  sse.send("no-more-data", null);
  sse.end();
  return reply;

  function sendStored(stored: typeof segment & {}): void {
    if (stored.answer) sse.send("response-updated", stored.answer);
    sendFinalState(sse, segmentId, stored);
  }
}
