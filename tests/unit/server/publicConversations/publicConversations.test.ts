/** The public chat's API: visitors with a session identifier, no account; the chat's pipeline behind it. */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { conversationSegments, conversations, gptSystems } from "../../../../src/server/db/chatSchema";
import { SESSION_QUESTIONS_PER_HOUR } from "../../../../src/server/features/publicConversations/sessionConversations";
import { VISITOR_ACCOUNT_ID } from "../../../../src/server/features/publicConversations/visitorAccount";
import { VISITOR_FAILURE_TEXT } from "../../../../src/server/features/userConversations/answerStream";
import { buildTestApp, TEST_ADMIN, type TestApp } from "../../../helpers/buildTestApp";
import { answerOf, createAgent, listen, type Frame } from "../../../helpers/chatFixtures";
import { startFakeModelServer, type FakeModelServer } from "../../../fakes/fakeModelServer";
import { apiFor } from "../personalAgents/personalAgentsKit";
import { makePublic, newSession, visitorApi, visitorStream } from "./publicChatKit";

let t: TestApp;
let fake: FakeModelServer;
let base: string;
let visitor: ReturnType<typeof visitorApi>;
let adminToken: string;
let agentId: string;
let otherAgentId: string;
const missing = "00000000-0000-4000-8000-000000000000";
const ENDPOINT = "help-desk";

const ids = (frames: Frame[]) => frames[0]!.data as { conversationId: string; conversationSegmentId: string };
const ask = (path: string, session: string, body: object) => visitorStream(`${base}/api/internal/publicConversations${path}`, session, body);

beforeAll(async () => {
  fake = await startFakeModelServer();
  t = await buildTestApp();
  base = await listen(t.app);
  visitor = visitorApi(t);
  adminToken = await t.tokenFor(TEST_ADMIN.userName);
  const key = t.deps.config.encryptionKey;
  ({ gptSystemId: agentId } = await createAgent(t.deps.database.db, { name: "Help desk", openaiBaseUrl: fake.openaiBaseUrl, encryptionKey: key }));
  await makePublic(t, agentId, ENDPOINT);
  ({ gptSystemId: otherAgentId } = await createAgent(t.deps.database.db, { name: "Other public", encryptionKey: key }));
  await makePublic(t, otherAgentId, "other-desk");
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

describe("sessions and the agent's details", () => {
  it("issues an unguessable session for a public agent and shows its introduction and prompts", async () => {
    const first = await visitor("POST", `/byGptPublicEndpoint/${ENDPOINT}/sessions`);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ sessionIdentifier: expect.stringMatching(/^[A-Za-z0-9_.-]{100,}$/), gptSystemId: agentId });
    const second = await newSession(t, ENDPOINT);
    expect(second).not.toBe(first.json().sessionIdentifier);

    const details = await visitor("GET", `/gptSystemDetailsForConversation/${second}`);
    expect(details.statusCode).toBe(200);
    expect(details.json()).toMatchObject({ gptSystemId: agentId, name: "Help desk", introduction: "Hi from the test agent." });
    // Which model and which connection answer is not for visitors to read.
    expect(Object.keys(details.json())).not.toContain("deploymentName");
    expect(Object.keys(details.json())).not.toContain("languageEngine");
    const prompts = await visitor("GET", `/promptsForConversation/${second}`);
    expect(prompts.statusCode).toBe(200);
    expect(prompts.json()).toEqual([]);
  });

  it("answers 404 for an unknown endpoint and for agents that are not public, inactive, unpublished or banned", async () => {
    expect((await visitor("POST", "/byGptPublicEndpoint/no-such-desk/sessions")).statusCode).toBe(404);
    const db = t.deps.database.db;
    const { gptSystemId } = await createAgent(db, { name: "Hidden", encryptionKey: t.deps.config.encryptionKey });
    await db.update(gptSystems).set({ publicChatEndpoint: "hidden-desk" }).where(eq(gptSystems.gptSystemId, gptSystemId));
    expect((await visitor("POST", "/byGptPublicEndpoint/hidden-desk/sessions")).statusCode).toBe(404);
    await makePublic(t, gptSystemId, "hidden-desk");
    const session = await newSession(t, "hidden-desk");
    for (const change of [{ status: "Inactive" }, { moderationStatus: "Banned" }, { publishedConfigStateId: null }]) {
      await db.update(gptSystems).set(change).where(eq(gptSystems.gptSystemId, gptSystemId));
      const refused = await visitor("POST", "/byGptPublicEndpoint/hidden-desk/sessions");
      expect(refused.statusCode, JSON.stringify(change)).toBe(404);
      expect(refused.headers["content-type"]).toBe("application/problem+json; charset=utf-8");
      // A session issued while the agent was public stops working too.
      expect((await visitor("GET", `/gptSystemDetailsForConversation/${session}`)).statusCode).toBe(404);
      const asked = await ask("/byGptPublicEndpoint/hidden-desk", session, { question: "Hello?" });
      expect(asked.status).toBe(404);
      await makePublic(t, gptSystemId, "hidden-desk");
      await db.update(gptSystems).set({ status: "Active", moderationStatus: null }).where(eq(gptSystems.gptSystemId, gptSystemId));
    }
  });

  it("refuses forged or missing session identifiers", async () => {
    const real = await newSession(t, ENDPOINT);
    const forged = `${real.slice(0, -4)}AAAA`;
    expect((await visitor("GET", `/gptSystemDetailsForConversation/${forged}`)).statusCode).toBe(404);
    expect((await visitor("GET", "", forged)).statusCode).toBe(404);
    const noHeader = await visitor("GET", "");
    expect(noHeader.statusCode).toBe(400);
    expect(noHeader.json().errors).toHaveProperty(["x-session-identifier"]);
  });
});

describe("a visitor's conversation", () => {
  let session = "";
  let conversationId = "";
  let firstSegmentId = "";

  it("streams the chat's full event sequence, answered by the public agent, stored under the visitors' account and the session", async () => {
    session = await newSession(t, ENDPOINT);
    fake.enqueue({ tokens: ["Hello", " visitor"], usage: { inputTokens: 4, outputTokens: 2 } }, { tokens: ["Greeting"] });
    const { status, frames } = await ask(`/byGptPublicEndpoint/${ENDPOINT}`, session, { question: "Who are you?" });
    expect(status).toBe(200);
    expect(frames.map((f) => f.event)).toEqual([
      "conversation-and-segment-id",
      "segment-answered-with-gpt-system",
      "cosmos-db-session-tokens",
      "step-update",
      "response-updated",
      "response-updated",
      "response-model",
      "no-more-data",
    ]);
    expect(frames[1]!.data).toEqual({ gptSystemId: agentId, name: "Help desk", gptSystemType: "System", isPublic: true });
    expect(answerOf(frames)).toBe("Hello visitor");
    ({ conversationId, conversationSegmentId: firstSegmentId } = ids(frames));

    const got = await visitor("GET", `/${conversationId}`, session);
    expect(got.statusCode).toBe(200);
    expect(got.json()).toMatchObject({
      conversationId,
      title: "Greeting",
      gptSystem: { gptSystemId: agentId, name: "Help desk", isPublic: true },
      conversationSegmentTree: {
        segmentPath: [firstSegmentId],
        segments: [{ question: "Who are you?", answer: "Hello visitor", status: "Complete", answeredWithGptSystem: { isPublic: true } }],
      },
    });
    const [row] = await t.deps.database.db.select().from(conversations).where(eq(conversations.conversationId, conversationId));
    expect(row).toMatchObject({ userId: VISITOR_ACCOUNT_ID, draftConfigStateId: null, publicSessionHash: expect.stringMatching(/^[0-9a-f]{64}$/) });
  });

  it("continues the conversation with its history, branches with parentSegmentId, lists and exports it", async () => {
    fake.enqueue({ tokens: ["Second"] });
    const next = await ask(`/${conversationId}/segments`, session, { question: "And then?" });
    expect(next.status).toBe(200);
    expect(answerOf(next.frames)).toBe("Second");
    const sent = fake.requests.at(-1)!.body.messages as { role: string; content: string }[];
    expect(sent.filter((m) => m.role !== "system").map((m) => m.content)).toEqual(["Who are you?", "Hello visitor", "And then?"]);

    fake.enqueue({ tokens: ["Branch"] });
    const branch = await ask(`/${conversationId}/segments`, session, { question: "Instead?", parentSegmentId: firstSegmentId });
    expect(branch.status).toBe(200);
    const got = (await visitor("GET", `/${conversationId}`, session)).json();
    expect(got.conversationSegmentTree.segments.map((s: { question: string }) => s.question)).toEqual(["Who are you?", "Instead?"]);
    expect(got.conversationSegmentTree.segments[1].siblingIds).toHaveLength(2);

    const list = await visitor("GET", "", session);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([expect.objectContaining({ conversationId, title: "Greeting", ownership: { ownerIsCurrentUser: true } })]);

    const exported = await visitor("GET", `/${conversationId}/export`, session);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers["content-disposition"]).toContain('filename="Greeting.txt"');
    expect(exported.body).toBe(
      ["Greeting", "Agent: Help desk", `Created: ${got.createdAt}`, "", "User:", "Who are you?", "", "Help desk:", "Hello visitor", "", "User:", "Instead?", "", "Help desk:", "Branch", ""].join("\n"),
    );
  });

  it("is invisible to another session: 404 everywhere, and an empty list", async () => {
    const stranger = await newSession(t, ENDPOINT);
    expect((await visitor("GET", `/${conversationId}`, stranger)).statusCode).toBe(404);
    expect((await visitor("GET", `/${conversationId}/export`, stranger)).statusCode).toBe(404);
    expect((await visitor("GET", `/${conversationId}/segments/${firstSegmentId}/citations?title=t&path=p`, stranger)).statusCode).toBe(404);
    const asked = await ask(`/${conversationId}/segments`, stranger, { question: "Let me in" });
    expect(asked.status).toBe(404);
    expect((await visitor("GET", "", stranger)).json()).toEqual([]);
    expect((await visitor("GET", `/${missing}`, session)).statusCode).toBe(404);
  });

  it("binds a session to its agent: another public agent's session cannot ask at this endpoint", async () => {
    const elsewhere = await newSession(t, "other-desk");
    const asked = await ask(`/byGptPublicEndpoint/${ENDPOINT}`, elsewhere, { question: "Hi" });
    expect(asked.status).toBe(404);
    expect((await visitor("GET", `/${conversationId}`, elsewhere)).statusCode).toBe(404);
  });

  it("refuses attachments, which visitors do not have, and images the session did not upload", async () => {
    const attached = await ask(`/${conversationId}/segments`, session, { question: "Read", attachmentIds: [missing] });
    expect(attached.status).toBe(400);
    expect(attached.problem?.errors).toEqual({ attachmentIds: ["are not available in the public chat"] });
    const looked = await ask(`/${conversationId}/segments`, session, { question: "Look", visionImageIds: [missing] });
    expect(looked.status).toBe(404);
    expect(looked.problem).toMatchObject({ status: 404, title: "Not Found", detail: "No such vision image." });
  });

  it("stays out of users' histories and counts in the agent's analytics", async () => {
    const api = apiFor(t);
    const history = await api("GET", "/userConversations", adminToken);
    expect(history.json().items.map((c: { conversationId: string }) => c.conversationId)).not.toContain(conversationId);
    expect((await api("GET", `/userConversations/${conversationId}`, adminToken)).statusCode).toBe(404);
    const summary = await api("GET", `/admin/analytics/conversations/summary?reportingPeriod=Last7Days&gptSystemId=${agentId}`, adminToken);
    expect(summary.statusCode).toBe(200);
    expect(summary.json().totals).toMatchObject({ conversations: 1, segments: 3 });
  });
});

describe("limits", () => {
  it("caps a session's questions per hour (429), without holding other sessions back", async () => {
    const session = await newSession(t, ENDPOINT);
    fake.enqueue({ tokens: ["One"] }, { tokens: ["Title"] });
    const first = await ask(`/byGptPublicEndpoint/${ENDPOINT}`, session, { question: "One" });
    const { conversationId, conversationSegmentId } = ids(first.frames);
    const db = t.deps.database.db;
    const [seed] = await db.select().from(conversationSegments).where(eq(conversationSegments.conversationSegmentId, conversationSegmentId));
    const { conversationSegmentId: _id, createdAt: _at, ...copy } = seed!;
    await db.insert(conversationSegments).values(Array.from({ length: SESSION_QUESTIONS_PER_HOUR - 1 }, () => copy));
    const refused = await ask(`/${conversationId}/segments`, session, { question: "One more" });
    expect(refused.status).toBe(429);
    expect(refused.problem).toMatchObject({ status: 429, title: "Too Many Requests" });
    // Another session is not held back by this one.
    fake.enqueue({ tokens: ["Fine"] }, { tokens: ["Title"] });
    expect((await ask(`/byGptPublicEndpoint/${ENDPOINT}`, await newSession(t, ENDPOINT), { question: "Hi" })).status).toBe(200);
  });

  it("limits new sessions and questions per client address (PUBLIC_CHAT_RATE_LIMIT)", async () => {
    const limited = await buildTestApp({ env: { PUBLIC_CHAT_RATE_LIMIT: "2" } });
    try {
      const call = () => limited.app.inject({ method: "POST", url: `/api/internal/publicConversations/byGptPublicEndpoint/${ENDPOINT}/sessions` });
      expect((await call()).statusCode).toBe(201);
      expect((await call()).statusCode).toBe(201);
      const third = await call();
      expect(third.statusCode).toBe(429);
      expect(third.headers["retry-after"]).toBeDefined();
    } finally {
      await limited.close();
    }
  });

  it("counts visitors against the agent's budget", async () => {
    const api = apiFor(t);
    expect((await api("PUT", "/admin/instanceSettings/budget", adminToken, { monthlyTokenCapPerAgent: 1 })).statusCode).toBe(200);
    try {
      const refused = await ask(`/byGptPublicEndpoint/${ENDPOINT}`, await newSession(t, ENDPOINT), { question: "Over budget?" });
      expect(refused.status).toBe(429);
      expect(refused.problem).toMatchObject({ status: 429, title: "Budget exceeded" });
    } finally {
      await api("PUT", "/admin/instanceSettings/budget", adminToken, { monthlyTokenCapPerAgent: null });
    }
  });
});

describe("a model server failing a visitor's answer", () => {
  it("tells a visitor that the agent could not answer, not what the model server said about its internals", async () => {
    const visitorSession = await newSession(t, ENDPOINT);
    const internals = "upstream failed at https://gateway.internal.example/v1 (proxy-7)";
    fake.enqueue({ tokens: ["Part", " more"], breakAfter: { chunks: 1, with: "provider-error", message: internals } });
    const { frames } = await ask(`/byGptPublicEndpoint/${ENDPOINT}`, visitorSession, { question: "Anyone there?" });
    expect(answerOf(frames)).toBe(`Part\n\n${VISITOR_FAILURE_TEXT}`);
    expect(frames.find((f) => f.event === "response-model")!.data).toMatchObject({ status: "Failed", errorText: VISITOR_FAILURE_TEXT });
    const stored = await visitor("GET", `/${ids(frames).conversationId}`, visitorSession);
    expect(stored.json().conversationSegmentTree.segments[0]).toMatchObject({ status: "Failed", errorText: VISITOR_FAILURE_TEXT });
    expect(stored.body).not.toContain("gateway.internal.example");
  });
});
