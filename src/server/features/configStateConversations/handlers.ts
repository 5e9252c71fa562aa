/**
 * Handlers of the configStateConversations tag: test conversations against a
 * configuration state (usually a draft), for administrators and for the owners of
 * personal agents. They run on the chat's own pipeline (userConversations), told
 * which configuration answers; the conversations are marked with that configuration,
 * which keeps them out of the chat history, recent agents and analytics.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import type { components } from "../../../generated/api";
import { problem } from "../../http/problem";
import { requireUser } from "../../http/requireUser";
import type { HandlerContext, Handlers } from "../../http/types";
import { continueConversation, startConversation } from "../userConversations/askQuestion";
import { downloadCitation } from "../userConversations/citationDownload";
import {
  getOwnedConversation,
  segmentsOf,
  segmentTraceLog,
  toConversation,
  toExecutionDetails,
  withLanguageEngineName,
} from "../userConversations/conversationRepo";
import { contentDisposition, exportFileName, exportText } from "../userConversations/exportText";
import { assertMayAsk, configurationUnderTest, type ConfigurationScope } from "./configurations";

type PostQuestionRequest = components["schemas"]["PostQuestionRequest"];
type StateParams = { configStateId: string };
type ConversationParams = StateParams & { conversationId: string };
type SegmentParams = ConversationParams & { conversationSegmentId: string };

/** The configuration (checked for this caller), then the caller's test conversation with it: 404 otherwise. */
async function ownedTestConversation(ctx: HandlerContext, scope: ConfigurationScope, params: ConversationParams) {
  const user = requireUser(ctx);
  const target = await configurationUnderTest(ctx, user, scope, params.configStateId);
  const conversation = await getOwnedConversation(ctx.deps.database.db, user.userId, params.conversationId, {
    draftConfigStateId: target.config.configStateId,
  });
  return { user, target, conversation };
}

function handlersFor(scope: ConfigurationScope, prefix: "Admin" | "Personal"): Handlers {
  return {
    async [`create${prefix}ConfigStateConversation`](
      request: FastifyRequest,
      reply: FastifyReply,
      ctx: HandlerContext,
    ) {
      const user = requireUser(ctx);
      const target = await configurationUnderTest(ctx, user, scope, (request.params as StateParams).configStateId);
      await assertMayAsk(ctx, user, scope, target);
      return startConversation(ctx, user, { draft: target }, request.body as PostQuestionRequest, reply);
    },

    async [`get${prefix}ConfigStateConversation`](request: FastifyRequest, _reply: FastifyReply, ctx: HandlerContext) {
      const { conversation } = await ownedTestConversation(ctx, scope, request.params as ConversationParams);
      return toConversation(ctx.deps.database.db, conversation);
    },

    async [`create${prefix}ConfigStateConversationSegment`](
      request: FastifyRequest,
      reply: FastifyReply,
      ctx: HandlerContext,
    ) {
      const { user, target, conversation } = await ownedTestConversation(
        ctx,
        scope,
        request.params as ConversationParams,
      );
      await assertMayAsk(ctx, user, scope, target);
      return continueConversation(ctx, user, conversation, request.body as PostQuestionRequest, reply, { draft: target });
    },

    async [`export${prefix}ConfigStateConversation`](
      request: FastifyRequest,
      reply: FastifyReply,
      ctx: HandlerContext,
    ) {
      const { conversation } = await ownedTestConversation(ctx, scope, request.params as ConversationParams);
      const shaped = await toConversation(ctx.deps.database.db, conversation);
      reply.header("content-disposition", contentDisposition(exportFileName(shaped.title)));
      reply.type("text/plain; charset=utf-8");
      return exportText(shaped);
    },

    async [`get${prefix}ConfigStateConversationSegmentExecutionDetails`](
      request: FastifyRequest,
      _reply: FastifyReply,
      ctx: HandlerContext,
    ) {
      const params = request.params as SegmentParams;
      const { conversation } = await ownedTestConversation(ctx, scope, params);
      const segment = (await segmentsOf(ctx.deps.database.db, conversation.conversationId)).find(
        (s) => s.conversationSegmentId === params.conversationSegmentId,
      );
      if (!segment) throw problem(404, "Not Found", "No such segment.");
      return withLanguageEngineName(ctx.deps.database.db, toExecutionDetails(segment));
    },

    async [`get${prefix}ConfigStateConversationSegmentTraceLogs`](
      request: FastifyRequest,
      _reply: FastifyReply,
      ctx: HandlerContext,
    ) {
      const params = request.params as SegmentParams;
      const { conversation } = await ownedTestConversation(ctx, scope, params);
      const traceLog = await segmentTraceLog(ctx.deps.database.db, conversation.conversationId, params.conversationSegmentId);
      if (!traceLog) throw problem(404, "Not Found", "No such segment.");
      return { traceLogs: traceLog };
    },
  };
}

type CitationParams = { conversationId: string; conversationSegmentId: string };
type CitationQuery = { title: string; path: string };

export const configStateConversationsHandlers: Handlers = {
  ...handlersFor("admin", "Admin"),
  ...handlersFor("personal", "Personal"),

  async downloadAdminConfigStateConversationCitation(request, reply, ctx) {
    const params = request.params as SegmentParams;
    const { user, target } = await ownedTestConversation(ctx, "admin", params);
    const query = request.query as CitationQuery;
    return downloadCitation(
      ctx,
      user.userId,
      { ...params, ...query, draftConfigStateId: target.config.configStateId },
      reply,
    );
  },

  // Spec §7: the personal-agent citation download names its configuration as gptSystemConfigurationStateId.
  async downloadPersonalConfigStateConversationCitation(request, reply, ctx) {
    const params = request.params as CitationParams;
    const query = request.query as CitationQuery & { gptSystemConfigurationStateId: string };
    const { user, target } = await ownedTestConversation(ctx, "personal", {
      ...params,
      configStateId: query.gptSystemConfigurationStateId,
    });
    return downloadCitation(
      ctx,
      user.userId,
      { ...params, title: query.title, path: query.path, draftConfigStateId: target.config.configStateId },
      reply,
    );
  },
};
