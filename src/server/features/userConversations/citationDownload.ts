/**
 * GET …/segments/{id}/citations?title=&path=: the cited file, for the owner of
 * the conversation only, always as a download (never rendered by the browser:
 * an uploaded HTML file must not run in the product's origin).
 */
import { and, eq } from "drizzle-orm";
import type { FastifyReply } from "fastify";
import type { components } from "../../../generated/api";
import { attachments } from "../../db/filesSchema";
import { problem } from "../../http/problem";
import type { HandlerContext } from "../../http/types";
import { blobStoreFor } from "../../storage/blobStoreFor";
import { getOwnedConversation } from "./conversationRepo";
import { contentDisposition } from "./exportText";
import { conversationSegments } from "../../db/chatSchema";

type Citation = components["schemas"]["Citation"];

export interface CitationQuery {
  conversationId: string;
  conversationSegmentId: string;
  title: string;
  path: string;
  /** Set for a test conversation against a draft configuration. */
  draftConfigStateId?: string;
}

export async function downloadCitation(
  ctx: HandlerContext,
  userId: string,
  q: CitationQuery,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const db = ctx.deps.database.db;
  const conversation = await getOwnedConversation(db, userId, q.conversationId, { draftConfigStateId: q.draftConfigStateId });
  const [segment] = await db
    .select({ citations: conversationSegments.citations })
    .from(conversationSegments)
    .where(
      and(
        eq(conversationSegments.conversationSegmentId, q.conversationSegmentId),
        eq(conversationSegments.conversationId, conversation.conversationId),
      ),
    );
  if (!segment) throw problem(404, "Not Found", "No such segment.");
  const citation = (segment.citations as Citation[]).find((c) => c.title === q.title && c.path === q.path);
  if (!citation?.fileId) throw problem(404, "Not Found", "No such citation in this answer.");
  // A citation is no key to another user's attachment; a library file cited to the caller is theirs to read.
  const [file] = await db.select().from(attachments).where(eq(attachments.attachmentId, citation.fileId));
  if (!file || (file.dataSourceId === null && file.ownerUserId !== userId))
    throw problem(404, "Not Found", "The cited file no longer exists.");
  const bytes = await blobStoreFor(ctx.deps.config).get(file.blobKey);
  return reply
    .header("content-disposition", contentDisposition(file.originalFileName))
    .header("content-security-policy", "sandbox")
    .type("application/octet-stream")
    .send(bytes);
}
