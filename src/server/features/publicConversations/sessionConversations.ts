/** A visitor's conversations: only those of its own session, 404 for any other (never a hint that it exists). */
import { and, count, desc, eq, gt, isNull, min } from "drizzle-orm";
import type { components } from "../../../generated/api";
import type { Db } from "../../db/client";
import { conversationSegments, conversations } from "../../db/chatSchema";
import { HttpProblem, problem } from "../../http/problem";
import { agentReference, toSummary, type ConversationRow } from "../userConversations/conversationRepo";

/** How many conversations the side navigation lists for a session. */
const LISTED = 100;
/** Per-session cap on questions, on top of the per-address rate limit (x-rate-limit: publicChat). */
export const SESSION_QUESTIONS_PER_HOUR = 60;
const HOUR_MS = 3_600_000;

export async function getSessionConversation(db: Db, sessionHash: string, conversationId: string): Promise<ConversationRow> {
  const [row] = await db
    .select()
    .from(conversations)
    .where(
      and(
        eq(conversations.conversationId, conversationId),
        eq(conversations.publicSessionHash, sessionHash),
        isNull(conversations.deletedAt),
      ),
    );
  if (!row) throw problem(404, "Not Found", "No such conversation.");
  return row;
}

/** Shows another branch of one of the session's conversations (the caller has checked the leaf is one of its segments). */
export async function selectSessionLeaf(
  db: Db,
  sessionHash: string,
  conversationId: string,
  selectedLeafSegmentId: string,
): Promise<ConversationRow> {
  const [row] = await db
    .update(conversations)
    .set({ selectedLeafSegmentId })
    .where(and(eq(conversations.conversationId, conversationId), eq(conversations.publicSessionHash, sessionHash)))
    .returning();
  if (!row) throw problem(404, "Not Found", "No such conversation.");
  return row;
}

export async function listSessionConversations(db: Db, sessionHash: string): Promise<components["schemas"]["ConversationSummary"][]> {
  const rows = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.publicSessionHash, sessionHash), isNull(conversations.deletedAt)))
    .orderBy(desc(conversations.updatedAt), desc(conversations.conversationId))
    .limit(LISTED);
  // A session talks to one agent: one lookup serves every row.
  const agent = rows[0] ? await agentReference(db, rows[0].gptSystemId) : undefined;
  return rows.map((row) => toSummary(row, agent!));
}

/** 429 once the session has asked SESSION_QUESTIONS_PER_HOUR questions within the last hour. */
export async function assertSessionQuota(db: Db, sessionHash: string, now = new Date()): Promise<void> {
  const since = new Date(now.getTime() - HOUR_MS);
  const [usage] = await db
    .select({ asked: count(), oldest: min(conversationSegments.createdAt) })
    .from(conversationSegments)
    .innerJoin(conversations, eq(conversations.conversationId, conversationSegments.conversationId))
    .where(and(eq(conversations.publicSessionHash, sessionHash), gt(conversationSegments.createdAt, since)));
  if (!usage || usage.asked < SESSION_QUESTIONS_PER_HOUR) return;
  const oldest = usage.oldest ? new Date(usage.oldest).getTime() : now.getTime();
  const seconds = Math.max(1, Math.ceil((oldest + HOUR_MS - now.getTime()) / 1000));
  throw new HttpProblem(
    429,
    "Too Many Requests",
    `This chat session has reached its limit of ${SESSION_QUESTIONS_PER_HOUR} questions per hour; retry in ${seconds} seconds.`,
    undefined,
    { "Retry-After": String(seconds) },
  );
}
