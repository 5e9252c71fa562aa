/** Handlers of the userConversations tag for files: vision images and citation downloads. */
import type { Handlers } from "../../http/types";
import { downloadCitation } from "./citationDownload";
import { uploadVisionImage, visionImageContent } from "./visionImages";
import { requireUser } from "../../http/requireUser";


export const userConversationFileHandlers: Handlers = {
  async uploadVisionImage(request, reply, ctx) {
    const image = await uploadVisionImage(request, ctx.deps.database.db, ctx.deps.config, requireUser(ctx).userId);
    return reply.code(201).send(image);
  },

  async getVisionImageContent(request, _reply, ctx) {
    const { visionImageId, blobFileName } = request.params as { visionImageId: string; blobFileName: string };
    return visionImageContent(ctx.deps.database.db, ctx.deps.config, requireUser(ctx).userId, visionImageId, blobFileName);
  },

  async downloadUserConversationSegmentCitation(request, reply, ctx) {
    const params = request.params as { conversationId: string; conversationSegmentId: string };
    const query = request.query as { title: string; path: string };
    return downloadCitation(ctx, requireUser(ctx).userId, { ...params, ...query }, reply);
  },
};
