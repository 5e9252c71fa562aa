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
import { placeholderRow, preparedPerDatabase } from "../../db/preparedPerDatabase";
import { storedRow } from "../../db/storedRow";
import { SEGMENT_CHOSEN, type SegmentRow } from "./conversationRepo";

export type NewConversationValues = typeof conversations.$inferInsert;
export type NewSegmentValues = typeof conversationSegments.$inferInsert;

interface Waiting {
  conversation: NewConversationValues;
  segment: NewSegmentValues;
  resolve(row: SegmentRow): void;
  reject(error: unknown): void;
}

type ChosenOfSegment = Partial<SegmentRow> & { conversationSegmentId: string };

function insertStatement(db: Db, conversationRows: NewConversationValues[], segmentRows: NewSegmentValues[]) {
  const inserted = db.$with("new_conversation").as(
    db.insert(conversations).values(conversationRows).returning({ id: conversations.conversationId }),
  );
  return db.with(inserted).insert(conversationSegments).values(segmentRows).returning(SEGMENT_CHOSEN);
}

/** The columns a row gives (undefined ones take their defaults). */
const givenKeys = (row: object) => Object.entries(row).flatMap(([key, value]) => (value === undefined ? [] : [key]));

type PreparedInsert = ReturnType<ReturnType<typeof insertStatement>["prepare"]>;
/** Per database, the prepared insert per set of given columns. */
const preparedInserts = preparedPerDatabase(() => new Map<string, PreparedInsert>());
let preparedCount = 0;

/**
 * One new conversation (the common case: questions rarely arrive in the same turn), through a
 * statement built once per database and set of given columns: drizzle then only fills in values.
 */
function insertOne(db: Db, { conversation, segment }: Waiting): Promise<ChosenOfSegment[]> {
  const conversationKeys = givenKeys(conversation);
  const segmentKeys = givenKeys(segment);
  const shape = `${conversationKeys.join()}|${segmentKeys.join()}`;
  const byShape = preparedInserts(db);
  let prepared = byShape.get(shape);
  if (!prepared) {
    const statement = insertStatement(db, [placeholderRow(conversationKeys, "c_")], [placeholderRow(segmentKeys, "s_")]);
    prepared = statement.prepare(`new_conversation_${++preparedCount}`);
    byShape.set(shape, prepared);
  }
  const values: Record<string, unknown> = {};
  for (const key of conversationKeys) values[`c_${key}`] = conversation[key as keyof NewConversationValues];
  for (const key of segmentKeys) values[`s_${key}`] = segment[key as keyof NewSegmentValues];
  return prepared.execute(values) as Promise<ChosenOfSegment[]>;
}

function insertAll(db: Db, batch: readonly Waiting[]): Promise<ChosenOfSegment[]> {
  if (batch.length === 1) return insertOne(db, batch[0]!);
  return insertStatement(
    db,
    batch.map((w) => w.conversation),
    batch.map((w) => w.segment),
  ) as unknown as Promise<ChosenOfSegment[]>;
}

async function store(db: Db, batch: readonly Waiting[]): Promise<void> {
  try {
    const rows = await insertAll(db, batch);
    const byId = new Map(rows.map((row) => [row.conversationSegmentId, row]));
    for (const w of batch) w.resolve(storedRow(conversationSegments, w.segment, byId.get(w.segment.conversationSegmentId!)!));
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
