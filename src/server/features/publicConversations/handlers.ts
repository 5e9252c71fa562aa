/**
 * Handlers of the publicConversations tag (spec section 7, "Public conversations"): visitors without
 * an account chat with a public agent through its public endpoint. Every operation is public
 * (`security: []`); the visitor is named by a server-issued session identifier (sessionIdentifier.ts),
 * sent in the X-Session-Identifier header. Questions run on the chat's own pipeline
 * (userConversations), answered with the agent's published configuration.
 */
import type { FastifyRequest } from "fastify";
import type { components } from "../../../generated/api";
import { problem } from "../../http/problem";
import type { HandlerContext, Handlers } from "../../http/types";
import { detailsForConversation, promptsForConversation } from "../gptSystems/agentDetails";
import { continueConversation, startConversation, type AnsweringConfiguration } from "../userConversations/askQuestion";
import { downloadCitation } from "../userConversations/citationDownload";
import { segmentsOf, toConversation } from "../userConversations/conversationRepo";
import { contentDisposition, exportFileName, exportText } from "../userConversations/exportText";
import { newestLeafUnder } from "../userConversations/segmentTree";
import { publicAgentByEndpoint, publicAgentById } from "./publicAgents";
import { assertSessionQuota, getSessionConversation, listSessionConversations, selectSessionLeaf } from "./sessionConversations";
import { issueSessionIdentifier, verifySessionIdentifier, type VisitorSession } from "./sessionIdentifier";
import { assertSessionImages, sessionImageContent, uploadSessionImage } from "./sessionImages";
import { visitorAccount } from "./visitorAccount";

type PostQuestionRequest = components["schemas"]["PostQuestionRequest"];
type ConversationParams = { conversationId: string };

/** The session in the X-Session-Identifier header (its presence and shape the contract has checked). */
function sessionOf(ctx: HandlerContext, request: FastifyRequest): VisitorSession {
  return verifySessionIdentifier(ctx.deps.config, request.headers["x-session-identifier"] as string);
}

/** The session's agent, while it still answers visitors (404 once it stops being public). */
async function sessionAgent(ctx: HandlerContext, session: VisitorSession) {
  return publicAgentById(ctx.deps.database.db, session.gptSystemId);
}

/** The session's conversation (404 for another session's), with the agent that answers it. */
async function sessionConversation(ctx: HandlerContext, request: FastifyRequest) {
  const session = sessionOf(ctx, request);
  const usable = await sessionAgent(ctx, session);
  const { conversationId } = request.params as ConversationParams;
  const conversation = await getSessionConversation(ctx.deps.database.db, session.sessionHash, conversationId);
  return { session, usable, conversation };
}

/** Visitors attach no files: naming attachments is refused rather than silently ignored. */
function assertNoAttachments(body: PostQuestionRequest): void {
  if (body.attachmentIds?.length)
    throw problem(400, "Bad Request", "The request is not valid.", { attachmentIds: ["are not available in the public chat"] });
}

async function prepareQuestion(ctx: HandlerContext, session: VisitorSession, body: PostQuestionRequest) {
  assertNoAttachments(body);
  const db = ctx.deps.database.db;
  // The chat's pipeline checks no uploads for visitors (they all share one account): the session is checked here.
  await assertSessionImages(ctx, session, body.visionImageIds ?? []);
  await assertSessionQuota(db, session.sessionHash);
  return visitorAccount(db);
}

export const publicConversationsHandlers: Handlers = {
  async createPublicChatSession(request, reply, ctx) {
    const { gptPublicEndpoint } = request.params as { gptPublicEndpoint: string };
    const { agent } = await publicAgentByEndpoint(ctx.deps.database.db, gptPublicEndpoint);
    reply.code(201);
    return { sessionIdentifier: issueSessionIdentifier(ctx.deps.config, agent.gptSystemId), gptSystemId: agent.gptSystemId };
  },

  async getPublicGptSystemDetailsForConversation(request, _reply, ctx) {
    const session = verifySessionIdentifier(ctx.deps.config, (request.params as { sessionIdentifier: string }).sessionIdentifier);
    return detailsForConversation(ctx, (await sessionAgent(ctx, session)).agent);
  },

  async getPublicGptSystemPromptsForConversation(request, _reply, ctx) {
    const session = verifySessionIdentifier(ctx.deps.config, (request.params as { sessionIdentifier: string }).sessionIdentifier);
    return promptsForConversation(ctx.deps.database.db, (await sessionAgent(ctx, session)).agent.gptSystemId);
  },

  async listPublicConversations(request, _reply, ctx) {
    const session = sessionOf(ctx, request);
    await sessionAgent(ctx, session);
    return listSessionConversations(ctx.deps.database.db, session.sessionHash);
  },

  async createPublicConversation(request, reply, ctx) {
    const session = sessionOf(ctx, request);
    const { gptPublicEndpoint } = request.params as { gptPublicEndpoint: string };
    const usable = await publicAgentByEndpoint(ctx.deps.database.db, gptPublicEndpoint);
    // A session speaks to the agent it was issued for only.
    if (usable.agent.gptSystemId !== session.gptSystemId) throw problem(404, "Not Found", "No such public chat session.");
    const body = request.body as PostQuestionRequest;
    const visitor = await prepareQuestion(ctx, session, body);
    const answering: AnsweringConfiguration = { public: usable, publicSessionHash: session.sessionHash };
    return startConversation(ctx, visitor, answering, body, reply);
  },

  async getPublicConversation(request, _reply, ctx) {
    const { conversation } = await sessionConversation(ctx, request);
    return toConversation(ctx.deps.database.db, conversation);
  },

  async createPublicConversationSegment(request, reply, ctx) {
    const { session, usable, conversation } = await sessionConversation(ctx, request);
    const body = request.body as PostQuestionRequest;
    const visitor = await prepareQuestion(ctx, session, body);
    const answering: AnsweringConfiguration = { public: usable, publicSessionHash: session.sessionHash };
    return continueConversation(ctx, visitor, conversation, body, reply, answering);
  },

  async updatePublicConversationSelectedLeafSegmentId(request, _reply, ctx) {
    const { session, conversation } = await sessionConversation(ctx, request);
    const { conversationSegmentId } = request.body as components["schemas"]["UpdateSelectedLeafRequest"];
    const db = ctx.deps.database.db;
    const all = await segmentsOf(db, conversation.conversationId);
    if (!all.some((s) => s.conversationSegmentId === conversationSegmentId))
      throw problem(400, "Bad Request", "The request is not valid.", { conversationSegmentId: ["is not a segment of this conversation"] });
    // Selecting a branch shows it down to its newest answer, as in the signed-in chat.
    const leaf = newestLeafUnder(all, conversationSegmentId);
    return toConversation(db, await selectSessionLeaf(db, session.sessionHash, conversation.conversationId, leaf));
  },

  async exportPublicConversation(request, reply, ctx) {
    const { conversation } = await sessionConversation(ctx, request);
    const shaped = await toConversation(ctx.deps.database.db, conversation);
    reply.header("content-disposition", contentDisposition(exportFileName(shaped.title)));
    reply.type("text/plain; charset=utf-8");
    return exportText(shaped);
  },

  async uploadPublicVisionImage(request, reply, ctx) {
    const session = sessionOf(ctx, request);
    const image = await uploadSessionImage(ctx, request, session, await sessionAgent(ctx, session));
    return reply.code(201).send(image);
  },

  async getPublicVisionImageContent(request, _reply, ctx) {
    const session = sessionOf(ctx, request);
    await sessionAgent(ctx, session);
    const { visionImageId, blobFileName } = request.params as { visionImageId: string; blobFileName: string };
    return sessionImageContent(ctx, session, visionImageId, blobFileName);
  },

  async downloadPublicConversationCitation(request, reply, ctx) {
    const { conversation } = await sessionConversation(ctx, request);
    const params = request.params as ConversationParams & { conversationSegmentId: string };
    const query = request.query as { title: string; path: string };
    // Only a file library's files are ever cited to visitors (they upload nothing), so the owner check in
    // downloadCitation (attachments of the conversation's owner) never hands out anyone's upload.
    return downloadCitation(ctx, conversation.userId, { ...params, ...query }, reply);
  },
};
