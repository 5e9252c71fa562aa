/** Conversations with fixed timestamps for the analytics tests (inserted directly: the chat cannot backdate). */
import type { Db } from "../../../../src/server/db/client";
import { conversationSegments, conversations } from "../../../../src/server/db/chatSchema";

export interface SeedSegment {
  at: string;
  inputTokens?: number | null;
  outputTokens?: number | null;
  timeToFirstTokenMs?: number | null;
  durationMs?: number | null;
  status?: "Complete" | "Failed" | "Aborted";
  feedback?: "Positive" | "Negative" | null;
  question?: string;
  answer?: string;
}

export async function seedConversation(
  db: Db,
  options: { userId: string; gptSystemId: string; at: string; title?: string; segments: SeedSegment[] },
): Promise<string> {
  const [conversation] = await db
    .insert(conversations)
    .values({
      userId: options.userId,
      gptSystemId: options.gptSystemId,
      title: options.title ?? "Seeded",
      createdAt: new Date(options.at),
      updatedAt: new Date(options.segments.at(-1)?.at ?? options.at),
    })
    .returning();
  for (const s of options.segments)
    await db.insert(conversationSegments).values({
      conversationId: conversation!.conversationId,
      question: s.question ?? "A seeded question",
      answer: s.answer ?? "A seeded answer",
      status: s.status ?? "Complete",
      inputTokens: s.inputTokens ?? null,
      outputTokens: s.outputTokens ?? null,
      timeToFirstTokenMs: s.timeToFirstTokenMs ?? null,
      durationMs: s.durationMs ?? null,
      feedback: s.feedback ?? null,
      createdAt: new Date(s.at),
    });
  return conversation!.conversationId;
}
