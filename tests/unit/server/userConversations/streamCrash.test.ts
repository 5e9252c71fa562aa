/**
 * An answer whose stream fails after it is stored as final (here: its title cannot be made) keeps its
 * stored status; the crash only marks an answer that would otherwise look as if it were still coming
 * (here: its final save fails), with the text shown so far. Either way the stream ends as spec §4 says.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { conversationSegments } from "../../../../src/server/db/chatSchema";
import type * as FinishingWrites from "../../../../src/server/features/userConversations/finishingWrites";
import type * as Titles from "../../../../src/server/features/userConversations/titles";
import type { TestApp } from "../../../helpers/buildTestApp";
import { answerOf, readStream } from "../../../helpers/chatFixtures";
import { startStreamingApp, stopStreamingApp } from "../../../helpers/streamingApp";
import type { FakeModelServer } from "../../../fakes/fakeModelServer";

const failing = vi.hoisted(() => ({ finalSave: false }));
vi.mock("../../../../src/server/features/userConversations/finishingWrites", async (importOriginal) => {
  const actual = await importOriginal<typeof FinishingWrites>();
  return {
    ...actual,
    finishingWrite: <T>(write: () => Promise<T>) =>
      failing.finalSave ? Promise.reject(new Error("the database went away")) : actual.finishingWrite(write),
  };
});
vi.mock("../../../../src/server/features/userConversations/titles", async (importOriginal) => ({
  ...(await importOriginal<typeof Titles>()),
  generateTitle: () => Promise.reject(new Error("the title could not be made")),
}));

let t: TestApp;
let base: string;
let fake: FakeModelServer;
let token: string;
let agentId: string;

beforeAll(async () => {
  ({ t, base, fake, token, agentId } = await startStreamingApp("crasher"));
});
afterAll(() => stopStreamingApp({ t, fake }));

describe("a stream that fails after its answer is final", () => {
  it("keeps the answer stored as Complete", async () => {
    fake.enqueue({ tokens: ["All", " of", " it."] });
    const { frames } = await readStream(`${base}/api/internal/userConversations/byGptSystemId/${agentId}`, token, { question: "Title me" });
    expect(answerOf(frames)).toBe("All of it.");
    const { conversationSegmentId } = frames[0]!.data as { conversationSegmentId: string };
    expect(frames.filter((frame) => frame.event === "response-model").map((frame) => frame.data)).toEqual([
      { conversationSegmentId, status: "Complete", citations: [], errorText: null },
    ]);
    expect(frames.at(-1)!.event).toBe("no-more-data");
    const [row] = await t.deps.database.db
      .select()
      .from(conversationSegments)
      .where(eq(conversationSegments.conversationSegmentId, conversationSegmentId));
    expect(row).toMatchObject({ status: "Complete", answer: "All of it.", errorText: null });
  });

  it("marks an answer whose final save fails as Failed, keeps its text, and ends the stream with the final model", async () => {
    fake.enqueue({ tokens: ["Half", " of it"] });
    failing.finalSave = true;
    try {
      const { frames } = await readStream(`${base}/api/internal/userConversations/byGptSystemId/${agentId}`, token, { question: "Save me" });
      const { conversationSegmentId } = frames[0]!.data as { conversationSegmentId: string };
      expect(frames.map((frame) => frame.event).slice(-3)).toEqual(["internal-server-error", "response-model", "no-more-data"]);
      expect(frames.at(-2)!.data).toMatchObject({ conversationSegmentId, status: "Failed" });
      const [row] = await t.deps.database.db
        .select()
        .from(conversationSegments)
        .where(eq(conversationSegments.conversationSegmentId, conversationSegmentId));
      expect(row).toMatchObject({ status: "Failed", answer: "Half of it" });
    } finally {
      failing.finalSave = false;
    }
  });
});
