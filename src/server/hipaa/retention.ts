/**
 * Conversation retention (the hipaa tab's retentionDays): conversations whose
 * last activity is older than the period are deleted for good, with their
 * segments (and so their questions and answers). Deliberately independent of
 * the HIPAA toggle: an administrator who sets a period means it.
 */
import { lt } from "drizzle-orm";
import type { Db } from "../db/client";
import { conversations } from "../db/chatSchema";
import { readHipaaSettings } from "./hipaaSettings";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The instant before which a conversation's last activity makes it expire. */
export function retentionCutoff(now: Date, retentionDays: number): Date {
  return new Date(now.getTime() - retentionDays * DAY_MS);
}

/** Deletes expired conversations (segments cascade); answers how many went. */
export async function deleteExpiredConversations(db: Db, now: Date, retentionDays: number): Promise<number> {
  const deleted = await db
    .delete(conversations)
    .where(lt(conversations.updatedAt, retentionCutoff(now, retentionDays)))
    .returning({ conversationId: conversations.conversationId });
  return deleted.length;
}

/** One sweep under the current setting: nothing happens without a retention period. */
export async function sweepExpiredConversations(db: Db, now: Date): Promise<number> {
  const { retentionDays } = await readHipaaSettings(db);
  if (retentionDays === null) return 0;
  return deleteExpiredConversations(db, now, retentionDays);
}
