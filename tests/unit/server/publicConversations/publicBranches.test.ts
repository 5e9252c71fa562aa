/** Branches in the public chat: a visitor regenerates or edits (parentSegmentId) and selects the branch shown. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../../helpers/buildTestApp";
import { answerOf, createAgent, listen, type Frame } from "../../../helpers/chatFixtures";
import { startFakeModelServer, type FakeModelServer } from "../../../fakes/fakeModelServer";
import { makePublic, newSession, visitorApi, visitorStream } from "./publicChatKit";

let t: TestApp;
let fake: FakeModelServer;
let base: string;
let visitor: ReturnType<typeof visitorApi>;
const ENDPOINT = "branch-desk";
const missing = "00000000-0000-4000-8000-000000000000";

const ids = (frames: Frame[]) => frames[0]!.data as { conversationId: string; conversationSegmentId: string };
const ask = (path: string, session: string, body: object) => visitorStream(`${base}/api/internal/publicConversations${path}`, session, body);
const select = (conversationId: string, session: string | undefined, payload: object) =>
  t.app.inject({
    method: "PUT",
    url: `/api/internal/publicConversations/${conversationId}/updateSelectedLeafSegmentId`,
    headers: session === undefined ? {} : { "x-session-identifier": session },
    payload,
  });
type Shown = { conversationSegmentTree: { selectedLeafSegmentId: string; segmentPath: string[]; segments: { question: string; answer: string; siblingIds: string[] }[] } };
const questions = (conversation: Shown) => conversation.conversationSegmentTree.segments.map((s) => s.question);

beforeAll(async () => {
  fake = await startFakeModelServer();
  t = await buildTestApp();
  base = await listen(t.app);
  visitor = visitorApi(t);
  const { gptSystemId } = await createAgent(t.deps.database.db, {
    name: "Branch desk",
    openaiBaseUrl: fake.openaiBaseUrl,
    encryptionKey: t.deps.config.encryptionKey,
  });
  await makePublic(t, gptSystemId, ENDPOINT);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

describe("a visitor's branches", () => {
  let session = "";
  let conversationId = "";
  let first = "";
  let second = "";
  let edited = "";

  it("regenerates and edits under the question's parent, and shows the newest branch", async () => {
    session = await newSession(t, ENDPOINT);
    fake.enqueue({ tokens: ["One"] }, { tokens: ["Title"] });
    const started = await ask(`/byGptPublicEndpoint/${ENDPOINT}`, session, { question: "First?" });
    ({ conversationId, conversationSegmentId: first } = ids(started.frames));
    fake.enqueue({ tokens: ["Two"] });
    second = ids((await ask(`/${conversationId}/segments`, session, { question: "Second?" })).frames).conversationSegmentId;

    // Regenerate the second answer: the same question under the same parent.
    fake.enqueue({ tokens: ["Two again"] });
    const regenerated = await ask(`/${conversationId}/segments`, session, { question: "Second?", parentSegmentId: first });
    expect(regenerated.status).toBe(200);
    expect(answerOf(regenerated.frames)).toBe("Two again");
    // Edit the first question: a new first question (no parent).
    fake.enqueue({ tokens: ["Edited"] });
    const edit = await ask(`/${conversationId}/segments`, session, { question: "First, edited?", parentSegmentId: null });
    expect(edit.status).toBe(200);
    edited = ids(edit.frames).conversationSegmentId;
    const sent = fake.requests.at(-1)!.body.messages as { role: string; content: string }[];
    expect(sent.filter((m) => m.role !== "system").map((m) => m.content)).toEqual(["First, edited?"]);

    const shown = (await visitor("GET", `/${conversationId}`, session)).json() as Shown;
    expect(questions(shown)).toEqual(["First, edited?"]);
    expect(shown.conversationSegmentTree.segments[0]!.siblingIds).toEqual([first, edited]);
  });

  it("selects another branch down to its newest answer", async () => {
    const back = await select(conversationId, session, { conversationSegmentId: first });
    expect(back.statusCode).toBe(200);
    const shown = back.json() as Shown;
    expect(questions(shown)).toEqual(["First?", "Second?"]);
    expect(shown.conversationSegmentTree.segments.map((s) => s.answer)).toEqual(["One", "Two again"]);
    expect(shown.conversationSegmentTree.segments[1]!.siblingIds).toHaveLength(2);
    expect(shown.conversationSegmentTree.segments[1]!.siblingIds[0]).toBe(second);

    // The selection is stored: a reload shows it, and the next question continues it.
    const reloaded = (await visitor("GET", `/${conversationId}`, session)).json() as Shown;
    expect(reloaded.conversationSegmentTree.segmentPath).toEqual(shown.conversationSegmentTree.segmentPath);
    const older = (await select(conversationId, session, { conversationSegmentId: second })).json() as Shown;
    expect(older.conversationSegmentTree.segments.map((s) => s.answer)).toEqual(["One", "Two"]);
    fake.enqueue({ tokens: ["Three"] });
    const next = await ask(`/${conversationId}/segments`, session, { question: "Third?" });
    expect(next.status).toBe(200);
    const sent = fake.requests.at(-1)!.body.messages as { role: string; content: string }[];
    expect(sent.filter((m) => m.role !== "system").map((m) => m.content)).toEqual(["First?", "One", "Second?", "Two", "Third?"]);
  });

  it("refuses a segment of another conversation (400) and another session's conversation (404)", async () => {
    fake.enqueue({ tokens: ["Else"] }, { tokens: ["Title"] });
    const other = ids((await ask(`/byGptPublicEndpoint/${ENDPOINT}`, session, { question: "Elsewhere" })).frames);
    const foreign = await select(conversationId, session, { conversationSegmentId: other.conversationSegmentId });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.headers["content-type"]).toBe("application/problem+json; charset=utf-8");
    expect(foreign.json().errors).toEqual({ conversationSegmentId: ["is not a segment of this conversation"] });

    const stranger = await newSession(t, ENDPOINT);
    const refused = await select(conversationId, stranger, { conversationSegmentId: first });
    expect(refused.statusCode).toBe(404);
    expect(refused.headers["content-type"]).toBe("application/problem+json; charset=utf-8");
    expect((await select(missing, session, { conversationSegmentId: first })).statusCode).toBe(404);
    // The stranger changed nothing.
    const mine = (await visitor("GET", `/${conversationId}`, session)).json() as Shown;
    expect(mine.conversationSegmentTree.segments.map((s) => s.question)).toEqual(["First?", "Second?", "Third?"]);

    const noSession = await select(conversationId, undefined, { conversationSegmentId: first });
    expect(noSession.statusCode).toBe(400);
    expect(noSession.json().errors).toHaveProperty(["x-session-identifier"]);
  });
});
