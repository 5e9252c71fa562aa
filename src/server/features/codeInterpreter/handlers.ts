/**
 * Handlers of the codeInterpreter tag: a generated file for the conversation's
 * owner (404 for anyone else), and the images among them at their capability
 * URL (/generatedImages/…/{key}/{fileName}: an <img> carries no bearer token).
 */
import { and, eq, isNull } from "drizzle-orm";
import { conversations } from "../../db/chatSchema";
import { generatedFiles } from "../../db/codeInterpreterSchema";
import { problem } from "../../http/problem";
import { requireUser } from "../../http/requireUser";
import type { Handlers } from "../../http/types";
import { blobStoreFor } from "../../storage/blobStoreFor";
import { contentDisposition } from "../userConversations/exportText";

type FileParams = { conversationId: string; conversationSegmentId: string; fileId: string };
type ImageParams = { conversationId: string; conversationSegmentId: string; key: string; fileName: string };

export const codeInterpreterHandlers: Handlers = {
  async downloadUserConversationSegmentOpenAIFile(request, reply, ctx) {
    const params = request.params as FileParams;
    const [file] = await ctx.deps.database.db
      .select({ file: generatedFiles })
      .from(generatedFiles)
      .innerJoin(conversations, eq(conversations.conversationId, generatedFiles.conversationId))
      .where(
        and(
          eq(generatedFiles.fileId, params.fileId),
          eq(generatedFiles.conversationSegmentId, params.conversationSegmentId),
          eq(generatedFiles.conversationId, params.conversationId),
          eq(generatedFiles.ownerUserId, requireUser(ctx).userId),
          isNull(conversations.deletedAt),
        ),
      );
    if (!file) throw problem(404, "Not Found", "No such file in this answer.");
    const bytes = await blobStoreFor(ctx.deps.config).get(file.file.blobKey);
    return reply
      .header("content-disposition", contentDisposition(file.file.fileName))
      // A program can write HTML or SVG: as a download in a sandboxed response it never runs in the product's origin.
      .header("content-security-policy", "sandbox")
      .type("application/octet-stream")
      .send(bytes);
  },

  async getGeneratedImage(request, reply, ctx) {
    const params = request.params as ImageParams;
    const [file] = await ctx.deps.database.db
      .select({ file: generatedFiles })
      .from(generatedFiles)
      .innerJoin(conversations, eq(conversations.conversationId, generatedFiles.conversationId))
      .where(
        and(
          eq(generatedFiles.imageKey, params.key),
          eq(generatedFiles.conversationSegmentId, params.conversationSegmentId),
          eq(generatedFiles.conversationId, params.conversationId),
          eq(generatedFiles.fileName, params.fileName),
          isNull(conversations.deletedAt),
        ),
      );
    if (!file) throw problem(404, "Not Found", "No such image.");
    const bytes = await blobStoreFor(ctx.deps.config).get(file.file.blobKey);
    return reply
      .header("cache-control", "private, max-age=86400")
      .header("content-security-policy", "sandbox")
      .header("referrer-policy", "no-referrer")
      .type(file.file.mimeType)
      .send(bytes);
  },
};
