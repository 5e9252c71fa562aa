/** Test conversations against a configuration state: answered with the draft, kept out of the chat's lists and analytics. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, TEST_ADMIN, type TestApp } from "../../../helpers/buildTestApp";
import { answerOf, createAgent, listen, readStream, type Frame } from "../../../helpers/chatFixtures";
import { startFakeModelServer, type FakeModelServer } from "../../../fakes/fakeModelServer";
import { apiFor, setPersonalAgentsFlag } from "../personalAgents/personalAgentsKit";

let t: TestApp;
let fake: FakeModelServer;
let base: string;
let api: ReturnType<typeof apiFor>;
let adminToken: string;
let otherAdminToken: string;
let readerToken: string;
let agentId: string;
let draftId: string;
const missing = "00000000-0000-4000-8000-000000000000";

const ids = (frames: Frame[]) => frames[0]!.data as { conversationId: string; conversationSegmentId: string };
const systemPromptOf = (request: FakeModelServer["requests"][number]) =>
  (request.body.messages as { role: string; content: string }[]).find((m) => m.role === "system")?.content;

beforeAll(async () => {
  fake = await startFakeModelServer();
  t = await buildTestApp();
  base = await listen(t.app);
  api = apiFor(t);
  adminToken = await t.tokenFor(TEST_ADMIN.userName);
  otherAdminToken = await t.tokenFor(await t.createUser({ userName: "second-admin", roles: ["admin"] }));
  readerToken = await t.tokenFor(await t.createUser({ userName: "agents-viewer", actions: ["GptSystemsRead"] }));
  ({ gptSystemId: agentId } = await createAgent(t.deps.database.db, {
    name: "Published helper",
    systemPrompt: "Published prompt.",
    openaiBaseUrl: fake.openaiBaseUrl,
    encryptionKey: t.deps.config.encryptionKey,
  }));
  const draft = await api("POST", `/admin/gptSystems/${agentId}/configStates`, adminToken);
  draftId = draft.json().configStateId;
  const edited = await api("PUT", `/admin/configStates/${draftId}`, adminToken, { systemPrompt: "Draft prompt." });
  expect(edited.statusCode).toBe(200);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

describe("administrators' test conversations", () => {
  let conversationId = "";

  it("streams the chat's events, answered with the draft's system prompt, not the published one", async () => {
    fake.enqueue(
      { tokens: ["Draft", " answer"], usage: { inputTokens: 5, outputTokens: 2 } },
      { tokens: ["Draft title"] },
    );
    const { status, frames } = await readStream(
      `${base}/api/internal/admin/configStates/${draftId}/conversations`,
      adminToken,
      {
        question: "Who are you?",
      },
    );
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
    expect(answerOf(frames)).toBe("Draft answer");
    expect(systemPromptOf(fake.requests.at(-2)!)).toBe("Draft prompt.");
    conversationId = ids(frames).conversationId;

    const got = await api("GET", `/admin/configStates/${draftId}/conversations/${conversationId}`, adminToken);
    expect(got.statusCode).toBe(200);
    expect(got.json()).toMatchObject({
      conversationId,
      title: "Draft title",
      gptSystem: { gptSystemId: agentId, name: "Published helper" },
      conversationSegmentTree: { segments: [{ question: "Who are you?", answer: "Draft answer", status: "Complete" }] },
    });
  });

  it("asks again with the draft as it is now, and exports and traces the test conversation", async () => {
    await api("PUT", `/admin/configStates/${draftId}`, adminToken, { systemPrompt: "Second draft prompt." });
    fake.enqueue({ tokens: ["Again"] });
    const { frames } = await readStream(
      `${base}/api/internal/admin/configStates/${draftId}/conversations/${conversationId}/segments`,
      adminToken,
      { question: "And now?" },
    );
    expect(answerOf(frames)).toBe("Again");
    const request = fake.requests.at(-1)!;
    expect(request.body.messages).toEqual([
      { role: "system", content: "Second draft prompt." },
      { role: "user", content: "Who are you?" },
      { role: "assistant", content: "Draft answer" },
      { role: "user", content: "And now?" },
    ]);

    const exported = await api(
      "GET",
      `/admin/configStates/${draftId}/conversations/${conversationId}/export`,
      adminToken,
    );
    expect(exported.statusCode).toBe(200);
    expect(exported.headers["content-disposition"]).toContain("Draft title.txt");
    expect(exported.body).toContain("And now?");

    const trace = await api(
      "GET",
      `/admin/configStates/${draftId}/conversations/${conversationId}/segments/${ids(frames).conversationSegmentId}/executionDetails`,
      adminToken,
    );
    expect(trace.statusCode).toBe(200);
    expect(trace.json()).toMatchObject({
      status: "Complete",
      deploymentName: "fake-model",
      steps: expect.arrayContaining(["Generating the answer"]),
    });
  });

  it("keeps test conversations out of the chat history, recent agents and analytics", async () => {
    const history = await api("GET", "/userConversations", adminToken);
    expect(history.json().items.map((c: { conversationId: string }) => c.conversationId)).not.toContain(conversationId);
    expect((await api("GET", `/userConversations/${conversationId}`, adminToken)).statusCode).toBe(404);
    const recent = await api("GET", "/CurrentUser/recentGptSystems", adminToken);
    expect(recent.json().map((a: { gptSystemId: string }) => a.gptSystemId)).not.toContain(agentId);
    const summary = await api(
      "GET",
      `/admin/analytics/conversations/summary?reportingPeriod=Last7Days&gptSystemId=${agentId}`,
      adminToken,
    );
    expect(summary.statusCode).toBe(200);
    expect(summary.json().totals).toMatchObject({ conversations: 0, segments: 0 });
  });

  it("answers 404 to another administrator, to an unknown configuration, and 403 without the agent-management action", async () => {
    expect(
      (await api("GET", `/admin/configStates/${draftId}/conversations/${conversationId}`, otherAdminToken)).statusCode,
    ).toBe(404);
    expect(
      (await api("GET", `/admin/configStates/${missing}/conversations/${conversationId}`, adminToken)).statusCode,
    ).toBe(404);
    const other = await readStream(`${base}/api/internal/admin/configStates/${missing}/conversations`, adminToken, {
      question: "?",
    });
    expect(other.status).toBe(404);
    const viewer = await readStream(`${base}/api/internal/admin/configStates/${draftId}/conversations`, readerToken, {
      question: "?",
    });
    expect(viewer.status).toBe(403);
    expect(viewer.contentType).toBe("application/problem+json; charset=utf-8");
    expect(
      (await api("GET", `/admin/configStates/${draftId}/conversations/${conversationId}`, readerToken)).statusCode,
    ).toBe(403);
  });
});

describe("the agent's avatar for administrators", () => {
  it("is served whatever the agent's status (a Draft agent is no chat agent yet), the identicon until one is uploaded", async () => {
    const created = await api("POST", "/admin/gptSystems", adminToken, { name: "Unpublished" });
    const { gptSystemId } = created.json() as { gptSystemId: string };
    expect((await api("GET", `/gptSystems/common/management/${gptSystemId}/avatar`, adminToken)).statusCode).toBe(404);
    const avatar = await api("GET", `/admin/gptSystems/${gptSystemId}/avatar`, adminToken);
    expect(avatar.statusCode).toBe(200);
    expect(avatar.headers["content-type"]).toBe("image/svg+xml");
    expect(avatar.body).toContain("<svg");
    expect((await api("GET", `/admin/gptSystems/${missing}/avatar`, adminToken)).statusCode).toBe(404);
  });
});

describe("personal agents' test conversations", () => {
  let ownerToken: string;
  let strangerToken: string;
  let personalDraftId: string;

  beforeAll(async () => {
    await setPersonalAgentsFlag(t, true);
    const owner = await t.createUser({ userName: "personal-owner", roles: ["user"] });
    ownerToken = await t.tokenFor(owner);
    strangerToken = await t.tokenFor(await t.createUser({ userName: "personal-stranger", roles: ["user"] }));
    const { gptSystemId } = await createAgent(t.deps.database.db, {
      name: "My helper",
      systemPrompt: "Published personal prompt.",
      ownerUserId: owner.userId,
      openaiBaseUrl: fake.openaiBaseUrl,
      encryptionKey: t.deps.config.encryptionKey,
    });
    const draft = await api("POST", `/configStates/fromGptSystem/${gptSystemId}`, ownerToken);
    personalDraftId = draft.json().configuration.configStateId;
    const edited = await api("PUT", `/configStates/${personalDraftId}`, ownerToken, {
      systemPrompt: "Personal draft prompt.",
    });
    expect(edited.statusCode).toBe(200);
  });

  it("answers the owner with the draft, and 404 to anyone else", async () => {
    fake.enqueue({ tokens: ["Mine"] }, { tokens: ["Personal title"] });
    const { status, frames } = await readStream(
      `${base}/api/internal/configStates/${personalDraftId}/conversations`,
      ownerToken,
      {
        question: "Hello draft",
      },
    );
    expect(status).toBe(200);
    expect(answerOf(frames)).toBe("Mine");
    expect(systemPromptOf(fake.requests.at(-2)!)).toBe("Personal draft prompt.");
    const { conversationId, conversationSegmentId } = ids(frames);

    expect(
      (await api("GET", `/configStates/${personalDraftId}/conversations/${conversationId}`, ownerToken)).statusCode,
    ).toBe(200);
    expect(
      (await api("GET", `/configStates/${personalDraftId}/conversations/${conversationId}`, strangerToken)).statusCode,
    ).toBe(404);
    const stranger = await readStream(
      `${base}/api/internal/configStates/${personalDraftId}/conversations`,
      strangerToken,
      { question: "?" },
    );
    expect(stranger.status).toBe(404);
    // The citation download names its configuration as gptSystemConfigurationStateId.
    const citation = (token: string) =>
      api(
        "GET",
        `/configStates/conversations/${conversationId}/segments/${conversationSegmentId}/citations?gptSystemConfigurationStateId=${personalDraftId}&title=a&path=b`,
        token,
      );
    expect((await citation(ownerToken)).json()).toMatchObject({
      status: 404,
      detail: "No such citation in this answer.",
    });
    expect((await citation(strangerToken)).json()).toMatchObject({ status: 404, detail: "No such personal agent." });
    expect((await api("GET", "/userConversations", ownerToken)).json().items).toEqual([]);
  });

  it("does not exist while AllowUserCreatedGptSystems is off", async () => {
    await setPersonalAgentsFlag(t, false);
    try {
      const off = await readStream(`${base}/api/internal/configStates/${personalDraftId}/conversations`, ownerToken, {
        question: "?",
      });
      expect(off.status).toBe(404);
    } finally {
      await setPersonalAgentsFlag(t, true);
    }
  });
});

describe("budgets", () => {
  it("refuse test questions over the monthly cap like chat questions (429), since test answers spend tokens too", async () => {
    const capped = await api("PUT", "/admin/instanceSettings/budget", adminToken, {
      monthlyTokenCapPerUser: 1,
      monthlyTokenCapInstance: null,
    });
    expect(capped.statusCode).toBe(200);
    try {
      const refused = await readStream(`${base}/api/internal/admin/configStates/${draftId}/conversations`, adminToken, {
        question: "Over budget?",
      });
      expect(refused.status).toBe(429);
      expect(refused.problem).toMatchObject({ status: 429, title: "Budget exceeded" });
    } finally {
      await api("PUT", "/admin/instanceSettings/budget", adminToken, { monthlyTokenCapPerUser: null });
    }
  });
});
