/** At startup: answers that were streaming when the server stopped are kept and marked Failed, never left hanging. */
import { inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { conversationSegments } from "../../db/chatSchema";

export const INTERRUPTED_TEXT = "The server restarted while this answer was being written. The part above was saved.";

export async function recoverInterruptedAnswers(db: Db): Promise<number> {
  const rows = await db
    .update(conversationSegments)
    .set({ status: "Failed", errorText: INTERRUPTED_TEXT, completedAt: new Date() })
    .where(inArray(conversationSegments.status, ["Pending", "Streaming"]))
    .returning({ id: conversationSegments.conversationSegmentId });
  return rows.length;
}
