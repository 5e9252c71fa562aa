import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eq, sql } from "drizzle-orm";
import { conversationSegments } from "../../../../src/server/db/chatSchema";
import { finishingWrite } from "../../../../src/server/features/userConversations/finishingWrites";
import {
  failLostAnswers,
  HEARTBEAT_MS,
  LOST_AFTER_MS,
  LOST_TEXT,
} from "../../../../src/server/features/userConversations/liveAnswerSweeper";
import { INTERRUPTED_TEXT, recoverInterruptedAnswers } from "../../../../src/server/features/userConversations/recovery";
import { storeNewConversationRows } from "../../../../src/server/features/userConversations/newConversationBatches";
import { createThrottledWriter } from "../../../../src/server/features/userConversations/throttledWriter";
import { buildTestApp, type TestApp } from "../../../helpers/buildTestApp";
import { createAgent } from "../../../helpers/chatFixtures";

const INTERVAL_MS = 100;

let t: TestApp;
let userId: string;
let gptSystemId: string;

beforeAll(async () => {
  t = await buildTestApp();
  ({ userId } = await t.createUser({ userName: `writes-${Date.now()}`, roles: ["user"] }));
  ({ gptSystemId } = await createAgent(t.deps.database.db, { encryptionKey: t.deps.config.encryptionKey }));
});
afterAll(() => t.close());

/** A new conversation with its Pending question, stored the way a chat stores it. */
function newQuestion(question: string) {
  const conversationId = randomUUID();
  const conversationSegmentId = randomUUID();
  return storeNewConversationRows(
    t.deps.database.db,
    { conversationId, userId, gptSystemId, title: question, selectedLeafSegmentId: conversationSegmentId },
    { conversationSegmentId, conversationId, question, status: "Pending" },
  );
}

const row = async (id: string) =>
  (await t.deps.database.db.select().from(conversationSegments).where(eq(conversationSegments.conversationSegmentId, id)))[0]!;

describe("storing streaming answers", () => {
  it("stores questions asked in the same turn in one statement, each with its own conversation", async () => {
    const db = t.deps.database.db;
    const inserts = vi.spyOn(db, "insert");
    const stored = await Promise.all([newQuestion("first"), newQuestion("second"), newQuestion("third")]);
    // One statement for the three: one CTE inserting the conversations, its outer insert the segments.
    expect(inserts.mock.calls.length).toBe(1);
    inserts.mockRestore();
    expect(stored.map((s) => s.question)).toEqual(["first", "second", "third"]);
    expect(new Set(stored.map((s) => s.conversationId)).size).toBe(3);
    for (const s of stored) expect(await row(s.conversationSegmentId)).toMatchObject({ question: s.question, status: "Pending", conversationId: s.conversationId });
  });

  it("gives each question's row as the database stored it (only what the database chooses is read back), alone or in a batch", async () => {
    const alone = await newQuestion("alone");
    const batch = await Promise.all([newQuestion("one of two"), newQuestion("two of two")]);
    for (const stored of [alone, ...batch]) {
      expect(stored.createdAt).toBeInstanceOf(Date);
      // All but the heartbeat, which only the sweeper reads.
      const { aliveAt, ...asStored } = await row(stored.conversationSegmentId);
      expect(aliveAt).toBeInstanceOf(Date);
      expect(stored).toStrictEqual(asStored);
    }
    // Literal defaults are each row's own: changing one row's list leaves the others' alone.
    batch[0]!.citations.push("changed");
    expect(batch[1]!.citations).toEqual([]);
    expect((await newQuestion("after")).citations).toEqual([]);
  });

  it("a question that cannot be stored fails alone, not the others of its turn", async () => {
    const good = newQuestion("fine");
    const bad = storeNewConversationRows(
      t.deps.database.db,
      { conversationId: randomUUID(), userId: randomUUID(), gptSystemId, title: "no such user", selectedLeafSegmentId: null },
      { conversationSegmentId: randomUUID(), conversationId: randomUUID(), question: "orphan", status: "Pending" },
    );
    await expect(bad).rejects.toThrow();
    expect((await good).question).toBe("fine");
  });

  it("writes every changed answer in one statement per tick, at most once per interval each, and never after a final status", async () => {
    const db = t.deps.database.db;
    const [a, b, done] = await Promise.all([newQuestion("a"), newQuestion("b"), newQuestion("done")]);
    const errors: unknown[] = [];
    const statements = vi.spyOn(db, "execute");
    // The three open their first interval in the same millisecond: tracked a millisecond apart, a tick
    // can find one due and not the next, which then goes in the following tick's statement.
    const trackedAt = vi.spyOn(Date, "now").mockReturnValue(Date.now());
    const writers = [a, b, done].map((s) => createThrottledWriter(db, s.conversationSegmentId, INTERVAL_MS, (e) => errors.push(e)));
    trackedAt.mockRestore();
    await db.update(conversationSegments).set({ status: "Complete", answer: "final" }).where(eq(conversationSegments.conversationSegmentId, done.conversationSegmentId));
    writers[0]!.update("alpha");
    writers[1]!.update("beta");
    writers[2]!.update("late");
    await expect.poll(async () => (await row(b.conversationSegmentId)).answer, { timeout: 2000, interval: 10 }).toBe("beta");
    expect(await row(a.conversationSegmentId)).toMatchObject({ answer: "alpha", status: "Streaming" });
    expect(await row(done.conversationSegmentId)).toMatchObject({ answer: "final", status: "Complete" });
    expect(statements.mock.calls.length).toBe(1);

    // Nothing new: no statement; stopped answers are never written again.
    await new Promise((resolve) => setTimeout(resolve, INTERVAL_MS * 2));
    expect(statements.mock.calls.length).toBe(1);
    await writers[0]!.stop();
    writers[0]!.update("alpha after stop");
    writers[1]!.update("beta, more");
    await expect.poll(async () => (await row(b.conversationSegmentId)).answer, { timeout: 2000, interval: 10 }).toBe("beta, more");
    expect((await row(a.conversationSegmentId)).answer).toBe("alpha");
    expect(statements.mock.calls.length).toBe(2);
    await Promise.all(writers.map((w) => w.stop()));
    statements.mockRestore();
    expect(errors).toEqual([]);
  });
});

describe("the lane of closing writes", () => {
  it("runs at most two at once, passes results and failures through, and frees the slot of a failed write", async () => {
    let running = 0;
    let most = 0;
    const write = (value: number, fail = false) =>
      finishingWrite(async () => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 20));
        running -= 1;
        if (fail) throw new Error(`write ${value} failed`);
        return value;
      });
    const results = await Promise.allSettled([write(1), write(2, true), write(3), write(4), write(5)]);
    expect(most).toBe(2);
    expect(results.map((r) => (r.status === "fulfilled" ? r.value : (r.reason as Error).message))).toEqual([1, "write 2 failed", 3, 4, 5]);
    expect(await write(6)).toBe(6);
  });
});

describe("answers whose server process was lost", () => {
  const aged = (id: string, seconds: number) =>
    t.deps.database.db.execute(
      sql`update conversation_segments set alive_at = now() - make_interval(secs => ${seconds}) where conversation_segment_id = ${id}`,
    );

  it("are stored Failed with their text once nobody kept them alive, and the others are left streaming", async () => {
    const db = t.deps.database.db;
    const lost = await newQuestion("lost with its process");
    const alive = await newQuestion("still being written elsewhere");
    const done = await newQuestion("complete long ago");
    await db.update(conversationSegments).set({ status: "Streaming", answer: "The part so far" }).where(eq(conversationSegments.conversationSegmentId, lost.conversationSegmentId));
    await db.update(conversationSegments).set({ status: "Streaming" }).where(eq(conversationSegments.conversationSegmentId, alive.conversationSegmentId));
    await db.update(conversationSegments).set({ status: "Complete", answer: "Done" }).where(eq(conversationSegments.conversationSegmentId, done.conversationSegmentId));
    await aged(lost.conversationSegmentId, LOST_AFTER_MS / 1000 + 5);
    await aged(alive.conversationSegmentId, LOST_AFTER_MS / 1000 - 30);
    await aged(done.conversationSegmentId, 3600);
    expect(await failLostAnswers(db, LOST_TEXT)).toBe(1);
    expect(await row(lost.conversationSegmentId)).toMatchObject({ status: "Failed", answer: "The part so far", errorText: LOST_TEXT });
    expect(await row(alive.conversationSegmentId)).toMatchObject({ status: "Streaming", errorText: null });
    expect(await row(done.conversationSegmentId)).toMatchObject({ status: "Complete", errorText: null });
  });

  it("are recovered at startup: on PostgreSQL those nobody kept alive, on the embedded database (one process) all", async () => {
    const db = t.deps.database.db;
    const lost = await newQuestion("lost in a restart");
    const elsewhere = await newQuestion("written by another process");
    await aged(lost.conversationSegmentId, LOST_AFTER_MS / 1000 + 5);
    await recoverInterruptedAnswers({ db, kind: "postgres" });
    expect(await row(lost.conversationSegmentId)).toMatchObject({ status: "Failed", errorText: INTERRUPTED_TEXT });
    expect(await row(elsewhere.conversationSegmentId)).toMatchObject({ status: "Pending" });
    await recoverInterruptedAnswers({ db, kind: "pglite" });
    expect(await row(elsewhere.conversationSegmentId)).toMatchObject({ status: "Failed", errorText: INTERRUPTED_TEXT });
  });

  it("are kept alive by their saves, and by a heartbeat while the model has said nothing yet", async () => {
    const thinking = await newQuestion("a model that thinks a long time");
    const talking = await newQuestion("a model that talks");
    await aged(thinking.conversationSegmentId, 600);
    await aged(talking.conversationSegmentId, 600);
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "Date"] });
    const quiet = createThrottledWriter(t.deps.database.db, thinking.conversationSegmentId, INTERVAL_MS, () => undefined);
    const saving = createThrottledWriter(t.deps.database.db, talking.conversationSegmentId, INTERVAL_MS, () => undefined);
    saving.update("Some words");
    vi.advanceTimersByTime(INTERVAL_MS);
    vi.useRealTimers();
    await Promise.all([saving.stop(), quiet.stop()]);
    // Saved: alive. Quiet for less than a heartbeat's interval: not yet told.
    expect(await failLostAnswers(t.deps.database.db, LOST_TEXT)).toBe(1);
    expect(await row(talking.conversationSegmentId)).toMatchObject({ status: "Streaming", answer: "Some words" });
    expect(await row(thinking.conversationSegmentId)).toMatchObject({ status: "Failed" });
    await t.deps.database.db.update(conversationSegments).set({ status: "Pending", errorText: null }).where(eq(conversationSegments.conversationSegmentId, thinking.conversationSegmentId));
    await aged(thinking.conversationSegmentId, 600);
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "Date"] });
    const again = createThrottledWriter(t.deps.database.db, thinking.conversationSegmentId, INTERVAL_MS, () => undefined);
    vi.advanceTimersByTime(HEARTBEAT_MS + INTERVAL_MS);
    vi.useRealTimers();
    await again.stop();
    expect(await failLostAnswers(t.deps.database.db, LOST_TEXT)).toBe(0);
    expect(await row(thinking.conversationSegmentId)).toMatchObject({ status: "Pending" });
  });
});
