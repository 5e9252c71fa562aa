/**
 * Stores new conversations with their first questions: those that arrive in the
 * same turn of the event loop (a burst of new chats) go in ONE statement, a
 * data-modifying CTE inserting all the conversations and all their segments
 * (every row or none). Each request keeps its own ids and learns of its own commit
 * before its model is called. Should a shared statement fail, each request is
 * retried alone, so one bad row fails only its own request.
 */
import { conversationSegments, conversations } from "../../db/chatSchema";
import type { Db } from "../../db/client";
import type { SegmentRow } from "./conversationRepo";

export type NewConversationValues = typeof conversations.$inferInsert;
export type NewSegmentValues = typeof conversationSegments.$inferInsert;

interface Waiting {
  conversation: NewConversationValues;
  segment: NewSegmentValues;
  resolve(row: SegmentRow): void;
  reject(error: unknown): void;
}

function insertAll(db: Db, batch: readonly Waiting[]): Promise<SegmentRow[]> {
  const inserted = db.$with("new_conversation").as(
    db
      .insert(conversations)
      .values(batch.map((w) => w.conversation))
      .returning({ id: conversations.conversationId }),
  );
  return db
    .with(inserted)
    .insert(conversationSegments)
    .values(batch.map((w) => w.segment))
    .returning();
}

async function store(db: Db, batch: readonly Waiting[]): Promise<void> {
  try {
    const rows = await insertAll(db, batch);
    const byId = new Map(rows.map((row) => [row.conversationSegmentId, row]));
    for (const w of batch) w.resolve(byId.get(w.segment.conversationSegmentId!)!);
  } catch (error) {
    if (batch.length === 1) batch[0]!.reject(error);
    else await Promise.all(batch.map((w) => store(db, [w])));
  }
}

const waiting = new WeakMap<Db, Waiting[]>();

/** Resolves with the stored segment once its statement has committed; `segment` names its conversation and its own id. */
export function storeNewConversationRows(
  db: Db,
  conversation: NewConversationValues,
  segment: NewSegmentValues,
): Promise<SegmentRow> {
  return new Promise((resolve, reject) => {
    let batch = waiting.get(db);
    if (!batch) {
      const started: Waiting[] = [];
      batch = started;
      waiting.set(db, started);
      // setImmediate: after the requests whose bodies were read in this turn have reached this point.
      setImmediate(() => {
        waiting.delete(db);
        void store(db, started);
      });
    }
    batch.push({ conversation, segment, resolve, reject });
  });
}
