/** Handlers of the attachments tag (spec section 7, "Attachments"). */
import type { Handlers } from "../../http/types";
import { blobStoreFor } from "../../storage/blobStoreFor";
import { getOwnedAttachment, toAttachmentDetails } from "./attachmentRepo";
import { uploadAttachment } from "./uploadAttachment";
import { requireUser } from "../../http/requireUser";


export const attachmentsHandlers: Handlers = {
  async uploadAttachment(request, reply, ctx) {
    const attachment = await uploadAttachment(request, ctx.deps.database.db, ctx.deps.config, requireUser(ctx).userId);
    return reply.code(201).send(attachment);
  },

  async getAttachment(request, _reply, ctx) {
    const { attachmentId } = request.params as { attachmentId: string };
    const { row, job } = await getOwnedAttachment(ctx.deps.database.db, requireUser(ctx).userId, attachmentId);
    return toAttachmentDetails(row, job);
  },

  async getAttachmentContent(request, _reply, ctx) {
    const { attachmentId } = request.params as { attachmentId: string };
    const { row } = await getOwnedAttachment(ctx.deps.database.db, requireUser(ctx).userId, attachmentId);
    const bytes = await blobStoreFor(ctx.deps.config).get(row.blobKey);
    return { base64Content: bytes.toString("base64"), mimeType: row.mimeType, originalFileName: row.originalFileName };
  },
};
