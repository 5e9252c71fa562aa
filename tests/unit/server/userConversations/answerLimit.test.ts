/** MAX_ANSWERS_PER_USER: answers one asker may have coming at once; one question more gets 429, nothing stored. */
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { conversationSegments, conversations } from "../../../../src/server/db/chatSchema";
import type { TestApp } from "../../../helpers/buildTestApp";
import { answerOf, readStream, type Frame } from "../../../helpers/chatFixtures";
import { startStreamingApp, stopStreamingApp } from "../../../helpers/streamingApp";
import type { FakeModelServer } from "../../../fakes/fakeModelServer";
import { makePublic, newSession, visitorStream } from "../publicConversations/publicChatKit";

let t: TestApp;
let fake: FakeModelServer;
let base: string;
let agentId: string;
let userId: string;
let token: string;
let otherToken: string;

const TOO_MANY = {
  type: "about:blank",
  title: "Too Many Requests",
  status: 429,
  detail: "You already have 2 answers coming at once. Wait for one of them to finish, then ask again.",
};
const slow = { tokens: ["Slowly", " coming"], delayMs: 400 };

beforeAll(async () => {
  ({ t, base, fake, token, agentId, userId } = await startStreamingApp("busy", { MAX_ANSWERS_PER_USER: "2" }));
  fake.setDefault({ tokens: ["Title"] });
  otherToken = await t.tokenFor(await t.createUser({ userName: "other", roles: ["user"] }));
});
afterAll(() => stopStreamingApp({ t, fake }));

/** Resolves once the stream has sent its first frame (the question is stored and its answer coming). */
function askUntilStarted(bearer: string, question: string) {
  let started!: () => void;
  const startedPromise = new Promise<void>((resolve) => (started = resolve));
  const done = readStream(
    `${base}/api/internal/userConversations/byGptSystemId/${agentId}`,
    bearer,
    { question },
    {
      onFrame: (_frame: Frame, all: Frame[]) => all.length === 1 && started(),
    },
  );
  return { started: startedPromise, done };
}

describe("answers coming at once", () => {
  it("refuses a user's third question while two answers are coming, stores nothing for it, and takes it once one has ended", async () => {
    fake.enqueue(slow, slow);
    const first = askUntilStarted(token, "First");
    const second = askUntilStarted(token, "Second");
    await Promise.all([first.started, second.started]);

    const refused = await readStream(`${base}/api/internal/userConversations/byGptSystemId/${agentId}`, token, {
      question: "Third",
    });
    expect(refused.status).toBe(429);
    expect(refused.problem).toMatchObject(TOO_MANY);
    const asOther = await readStream(`${base}/api/internal/userConversations/byGptSystemId/${agentId}`, otherToken, {
      question: "Mine",
    });
    expect(asOther.status).toBe(200); // another user has slots of their own

    expect(answerOf((await first.done).frames)).toBe("Slowly coming");
    await second.done;
    const stored = await t.deps.database.db.select().from(conversations).where(eq(conversations.userId, userId));
    expect(stored.map((c) => c.title).sort()).toEqual(["Title", "Title"]); // the refused question left no conversation

    fake.enqueue({ tokens: ["Now", " yes"] });
    const again = await readStream(`${base}/api/internal/userConversations/byGptSystemId/${agentId}`, token, {
      question: "Third",
    });
    expect(again.status).toBe(200);
    expect(answerOf(again.frames)).toBe("Now yes");
  });

  it("gives the slot back when an answer fails", async () => {
    fake.enqueue(
      { fail: { status: 500, message: "down" } },
      { fail: { status: 500, message: "down" } },
      { fail: { status: 500, message: "down" } },
    );
    for (const question of ["One", "Two", "Three"]) {
      const failed = await readStream(`${base}/api/internal/userConversations/byGptSystemId/${agentId}`, token, {
        question,
      });
      expect(failed.status).toBe(200);
      expect(failed.frames.map((f) => f.event)).toContain("error");
    }
    fake.enqueue({ tokens: ["Still", " here"] });
    const after = await readStream(`${base}/api/internal/userConversations/byGptSystemId/${agentId}`, token, {
      question: "Four",
    });
    expect(answerOf(after.frames)).toBe("Still here");
  });

  it("counts a public chat's visitors per session, not for their shared account", async () => {
    await makePublic(t, agentId, "limit-desk");
    const [one, two] = [await newSession(t, "limit-desk"), await newSession(t, "limit-desk")];
    const url = `${base}/api/internal/publicConversations/byGptPublicEndpoint/limit-desk`;
    fake.enqueue(slow, slow);
    const running = [visitorStream(url, one, { question: "A" }), visitorStream(url, one, { question: "B" })];
    await vi.waitFor(async () => {
      const asked = await t.deps.database.db
        .select()
        .from(conversationSegments)
        .where(inArray(conversationSegments.question, ["A", "B"]));
      expect(asked).toHaveLength(2);
    });
    const third = await visitorStream(url, one, { question: "C" });
    expect(third.status).toBe(429);
    expect(third.problem).toMatchObject(TOO_MANY);
    fake.enqueue({ tokens: ["Hello"] });
    const otherVisitor = await visitorStream(url, two, { question: "Hi" });
    expect(otherVisitor.status).toBe(200);
    await Promise.all(running);
  });
});
