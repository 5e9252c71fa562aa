import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { conversationSegments } from "../../../../src/server/db/chatSchema";
import { finishingWrite } from "../../../../src/server/features/userConversations/finishingWrites";
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
      expect(stored).toEqual(await row(stored.conversationSegmentId));
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
