/**
 * At startup: answers that were streaming when the server stopped are kept and marked Failed, never
 * left hanging. The embedded database has one process, so all of them at once; on PostgreSQL other
 * processes may be writing theirs, so only those nobody kept alive (liveAnswerSweeper.ts).
 */
import { inArray } from "drizzle-orm";
import type { Database } from "../../db/client";
import { conversationSegments } from "../../db/chatSchema";
import { failLostAnswers } from "./liveAnswerSweeper";

export const INTERRUPTED_TEXT = "The server restarted while this answer was being written. The part above was saved.";

export async function recoverInterruptedAnswers({ db, kind }: Pick<Database, "db" | "kind">): Promise<number> {
  if (kind === "postgres") return failLostAnswers(db, INTERRUPTED_TEXT);
  const rows = await db
    .update(conversationSegments)
    .set({ status: "Failed", errorText: INTERRUPTED_TEXT, completedAt: new Date() })
    .where(inArray(conversationSegments.status, ["Pending", "Streaming"]))
    .returning({ id: conversationSegments.conversationSegmentId });
  return rows.length;
}
