/**
 * Conversation retention (the hipaa tab's retentionDays): conversations whose
 * last activity is older than the period are deleted for good, with their
 * segments (and so their questions and answers) and every file they hold.
 * Deliberately independent of the HIPAA toggle: an administrator who sets a
 * period means it.
 */
import { and, eq, inArray, lt, notExists, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Tx } from "../admin/audit";
import type { Db } from "../db/client";
import { conversationSegments, conversations } from "../db/chatSchema";
import { attachments, visionImages } from "../db/filesSchema";
import { readHipaaSettings } from "./hipaaSettings";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The instant before which a conversation's last activity makes it expire. */
export function retentionCutoff(now: Date, retentionDays: number): Date {
  return new Date(now.getTime() - retentionDays * DAY_MS);
}

/** Rows whose id is among `ids` and that no remaining segment's jsonb list (`list`) names any more. */
function unnamed(tx: Tx, id: PgColumn, ids: string[], list: PgColumn): SQL | undefined {
  const stillNamed = tx
    .select({ one: sql`1` })
    .from(conversationSegments)
    .where(sql`${list} @> jsonb_build_array(${id}::text)`);
  return and(inArray(id, ids), notExists(stillNamed));
}

/**
 * Removes the uploads the deleted segments named: conversation attachments
 * (their chunks, index entries and jobs cascade) and vision images, unless a
 * remaining segment still names them. Agent and library files are never
 * touched. Their blobs are queued by the database triggers and removed by the
 * blob sweeper after its grace period; generated files cascade with the
 * conversation and are queued the same way.
 */
async function deleteFilesOf(tx: Tx, segments: { attachmentIds: string[]; visionImageIds: string[] }[]) {
  const attachmentIds = [...new Set(segments.flatMap((s) => s.attachmentIds))];
  const visionImageIds = [...new Set(segments.flatMap((s) => s.visionImageIds))];
  if (attachmentIds.length > 0) {
    const unused = unnamed(tx, attachments.attachmentId, attachmentIds, conversationSegments.attachmentIds);
    await tx.delete(attachments).where(and(unused, eq(attachments.context, "Conversation")));
  }
  if (visionImageIds.length > 0)
    await tx
      .delete(visionImages)
      .where(unnamed(tx, visionImages.visionImageId, visionImageIds, conversationSegments.visionImageIds));
}

/** Deletes expired conversations (segments and generated files cascade) and their uploads; answers how many went. */
export async function deleteExpiredConversations(db: Db, now: Date, retentionDays: number): Promise<number> {
  return db.transaction(async (tx) => {
    const expired = lt(conversations.updatedAt, retentionCutoff(now, retentionDays));
    const segments = await tx
      .select({
        attachmentIds: conversationSegments.attachmentIds,
        visionImageIds: conversationSegments.visionImageIds,
      })
      .from(conversationSegments)
      .innerJoin(conversations, eq(conversations.conversationId, conversationSegments.conversationId))
      .where(expired);
    const deleted = await tx
      .delete(conversations)
      .where(expired)
      .returning({ conversationId: conversations.conversationId });
    await deleteFilesOf(tx, segments);
    return deleted.length;
  });
}

/** One sweep under the current setting: nothing happens without a retention period. */
export async function sweepExpiredConversations(db: Db, now: Date): Promise<number> {
  const { retentionDays } = await readHipaaSettings(db);
  if (retentionDays === null) return 0;
  return deleteExpiredConversations(db, now, retentionDays);
}
