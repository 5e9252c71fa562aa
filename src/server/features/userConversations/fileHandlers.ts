/** Handlers of the userConversations tag for files: vision images and citation downloads. */
import type { Handlers, HandlerContext, AuthenticatedUser } from "../../http/types";
import { problem } from "../../http/problem";
import { downloadCitation } from "./citationDownload";
import { uploadVisionImage, visionImageContent } from "./visionImages";

function caller(ctx: HandlerContext): AuthenticatedUser {
  if (!ctx.user) throw problem(401, "Unauthorized");
  return ctx.user;
}

export const userConversationFileHandlers: Handlers = {
  async uploadVisionImage(request, reply, ctx) {
    const image = await uploadVisionImage(request, ctx.deps.database.db, ctx.deps.config, caller(ctx).userId);
    return reply.code(201).send(image);
  },

  async getVisionImageContent(request, _reply, ctx) {
    const { visionImageId, blobFileName } = request.params as { visionImageId: string; blobFileName: string };
    return visionImageContent(ctx.deps.database.db, ctx.deps.config, caller(ctx).userId, visionImageId, blobFileName);
  },

  async downloadUserConversationSegmentCitation(request, reply, ctx) {
    const params = request.params as { conversationId: string; conversationSegmentId: string };
    const query = request.query as { title: string; path: string };
    return downloadCitation(ctx, caller(ctx).userId, { ...params, ...query }, reply);
  },
};
