/**
 * On PostgreSQL, where several server processes share the database, the sweeper of lost answers
 * (liveAnswerSweeper.ts) finds the answers still being written through this partial index. It is
 * not in the schema's migrations: the embedded database, one process's own, has no sweeper, and
 * there each streaming answer's saves would maintain the index for nothing (the index's entries
 * are written again with every save that moves the row: a fifth more work for the database thread
 * in `bench:streaming`).
 */
import { sql } from "drizzle-orm";
import type { Db } from "./client";

export async function createUnfinishedAnswersIndex(db: Db): Promise<void> {
  await db.execute(
    sql`create index if not exists segments_unfinished on conversation_segments (conversation_segment_id) where status in ('Pending', 'Streaming')`,
  );
}
