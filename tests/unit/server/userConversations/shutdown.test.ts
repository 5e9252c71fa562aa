/**
 * A server that stops (SIGTERM → app.close()) while answers stream ends them at once, kept as far as
 * they got and marked Failed with the restart's text, instead of staying up until they and their titles
 * are done (a process manager would kill it first, and nothing would say why the answer stopped).
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { conversationSegments } from "../../../../src/server/db/chatSchema";
import { INTERRUPTED_TEXT } from "../../../../src/server/features/userConversations/recovery";
import { startFakeModelServer, type FakeModelServer } from "../../../fakes/fakeModelServer";
import { buildTestApp, type TestApp } from "../../../helpers/buildTestApp";
import { answerOf, createAgent, listen, readStream } from "../../../helpers/chatFixtures";

let t: TestApp;
let fake: FakeModelServer;

beforeAll(async () => {
  fake = await startFakeModelServer();
  t = await buildTestApp();
});
afterAll(() => fake.close());

describe("stopping the server while an answer streams", () => {
  it("ends the answer at once, stored Failed with what it had and why, and the stream says so", async () => {
    const base = await listen(t.app);
    const user = await t.createUser({ userName: `shutdown-${Date.now()}`, roles: ["user"] });
    const token = await t.tokenFor(user);
    const { gptSystemId } = await createAgent(t.deps.database.db, {
      openaiBaseUrl: fake.openaiBaseUrl,
      encryptionKey: t.deps.config.encryptionKey,
    });
    // 100 words a second apart: about 100 s if nothing ended it.
    fake.enqueue({ tokens: Array.from({ length: 100 }, (_, i) => ` w${i}`), delayMs: 1000 });
    let closing: Promise<void> | undefined;
    let closedAt = 0;
    const startedAt = Date.now();
    const { frames } = await readStream(
      `${base}/api/internal/userConversations/byGptSystemId/${gptSystemId}`,
      token,
      { question: "Long answer" },
      {
        onFrame: (frame) => {
          if (frame.event === "response-updated" && !closing)
            closing = t.app.close().then(() => void (closedAt = Date.now()));
        },
      },
    );
    await closing;
    expect(closedAt - startedAt).toBeLessThan(8000);
    const events = frames.map((f) => f.event);
    expect(events.slice(-3)).toEqual(["error", "response-model", "no-more-data"]);
    expect(answerOf(frames)).toBe(` w0\n\n${INTERRUPTED_TEXT}`);
    const { conversationSegmentId } = frames[0]!.data as { conversationSegmentId: string };
    expect(frames.find((f) => f.event === "response-model")!.data).toMatchObject({
      status: "Failed",
      errorText: INTERRUPTED_TEXT,
    });
    const [row] = await t.deps.database.db
      .select()
      .from(conversationSegments)
      .where(eq(conversationSegments.conversationSegmentId, conversationSegmentId));
    expect(row).toMatchObject({ status: "Failed", answer: " w0", errorText: INTERRUPTED_TEXT });
  });
});
