/**
 * A long conversation written straight into the database: `turns` questions
 * and answers (2 × turns messages) of the kind a real chat holds — prose,
 * lists, code, a table, maths — on one path from the root to the last answer.
 */
import { eq } from "drizzle-orm";
import type { Db } from "../../../src/server/db/client";
import { conversationSegments, conversations } from "../../../src/server/db/chatSchema";

const ANSWERS = [
  (n: number) =>
    `Here is how step ${n} works.\n\nThe client keeps **one** request open and reads frames as they arrive; each frame carries an event name and a base64 payload. That keeps the *protocol* simple and the answer readable while it grows.\n\n- Frames are small\n- Order is preserved\n- Nothing is buffered by proxies`,
  (n: number) =>
    `A minimal example (${n}):\n\n\`\`\`ts\nexport function sum(values: number[]): number {\n  return values.reduce((total, value) => total + value, 0);\n}\n\`\`\`\n\nCall it with any array of numbers; an empty array gives 0.`,
  (n: number) =>
    `| Option | Default | Effect |\n|---|---|---|\n| timeout | 30 s | gives up after it |\n| retries | ${n % 5} | tries again on 503 |\n\nBoth can be set per request.`,
  (n: number) =>
    `The energy is $E = mc^2$, and for the sum of the first $n$ integers:\n\n$$\n\\sum_{k=1}^{n} k = \\frac{n(n+1)}{2}\n$$\n\nWith n = ${n} that is ${(n * (n + 1)) / 2}.`,
  (n: number) =>
    `Short answer: yes. Turn ${n} only needs the previous segment's id as its parent, and the server selects the newest leaf below it.`,
];

export async function seedConversation(db: Db, userId: string, gptSystemId: string, turns: number): Promise<string> {
  const [conversation] = await db
    .insert(conversations)
    .values({ userId, gptSystemId, title: `A long conversation (${turns} turns)` })
    .returning();
  const conversationId = conversation!.conversationId;
  let parentSegmentId: string | null = null;
  const start = Date.now() - turns * 60_000;
  for (let i = 0; i < turns; i++) {
    const createdAt = new Date(start + i * 60_000);
    const [segment]: { conversationSegmentId: string }[] = await db
      .insert(conversationSegments)
      .values({
        conversationId,
        parentSegmentId,
        question: `Question ${i + 1}: how does part ${i + 1} of the streaming design work?`,
        answer: ANSWERS[i % ANSWERS.length]!(i + 1),
        status: "Complete",
        answeredWithGptSystemId: gptSystemId,
        createdAt,
        completedAt: createdAt,
      })
      .returning();
    parentSegmentId = segment!.conversationSegmentId;
  }
  await db
    .update(conversations)
    .set({ selectedLeafSegmentId: parentSegmentId })
    .where(eq(conversations.conversationId, conversationId));
  return conversationId;
}
