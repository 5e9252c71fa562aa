import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../../../src/server/db/schema";
import { NO_MODEL_MESSAGE } from "../../../../src/server/llm/localEngine";
import { buildTestApp, type TestApp } from "../../../helpers/buildTestApp";
import { answerOf, createAgent, listen, readStream } from "../../../helpers/chatFixtures";
import { apiFor, chatOnce, createPublishedPersonalAgent, setPersonalAgentsFlag } from "./personalAgentsKit";

let t: TestApp;
let base: string;
let api: ReturnType<typeof apiFor>;
let owner: string;
let other: string;

beforeAll(async () => {
  t = await buildTestApp();
  base = await listen(t.app);
  api = apiFor(t);
  const suffix = Date.now();
  owner = await t.tokenFor(await t.createUser({ userName: `pa-owner-${suffix}`, roles: ["user"] }));
  other = await t.tokenFor(await t.createUser({ userName: `pa-other-${suffix}`, roles: ["user"] }));
});
afterAll(() => t.close());

const ids = (body: { gptSystemId: string }[]) => body.map((a) => a.gptSystemId);

describe("Quick Create", () => {
  it("creates a Draft personal agent with a first draft configuration of type User", async () => {
    const response = await api("POST", "/configStates/personal", owner, { gptSystemName: "  Recipe helper  " });
    expect(response.statusCode).toBe(201);
    expect(response.json().configuration).toMatchObject({
      gptSystemName: "Recipe helper",
      configStateType: "User",
      version: 1,
      isPublished: false,
      gptSystemStatus: "Draft",
      languageEngine: "local",
      deploymentName: "local",
    });
    // A draft agent is nobody's to chat with yet.
    expect(ids((await api("GET", "/CurrentUser/AvailableGptSystems", owner)).json())).not.toContain(
      response.json().configuration.gptSystemId,
    );
  });

  it("refuses an empty or too long name with the spec's messages", async () => {
    const blank = await api("POST", "/configStates/personal", owner, { gptSystemName: "   " });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors).toEqual({ gptSystemName: ["Name is required"] });
    const long = await api("POST", "/configStates/personal", owner, { gptSystemName: "x".repeat(151) });
    expect(long.json().errors).toEqual({ gptSystemName: ["Name exceeds the maximum limit of 150 characters"] });
  });
});

describe("editing and publishing", () => {
  it("edits the draft, publishes it, and the owner chats with the agent", async () => {
    const created = (await api("POST", "/configStates/personal", owner, { gptSystemName: "Tutor" })).json()
      .configuration;
    const edited = await api("PUT", `/configStates/${created.configStateId}`, owner, {
      gptSystemName: "Maths tutor",
      description: "Explains maths step by step.",
      systemPrompt: "You explain maths.",
      introduction: "Ask me about maths.",
      temperature: 0.3,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().configuration).toMatchObject({
      gptSystemName: "Maths tutor",
      description: "Explains maths step by step.",
      systemPrompt: "You explain maths.",
      introduction: "Ask me about maths.",
      temperature: 0.3,
    });

    const published = await api("POST", `/configStates/${created.configStateId}/publish`, owner);
    expect(published.json().configuration).toMatchObject({ isPublished: true, gptSystemStatus: "Active" });

    const available = (await api("GET", "/CurrentUser/AvailableGptSystems", owner)).json();
    expect(available).toContainEqual(
      expect.objectContaining({
        gptSystemId: created.gptSystemId,
        name: "Maths tutor",
        gptSystemType: "User",
        moderationStatus: null,
        ownership: { ownerIsCurrentUser: true },
      }),
    );
    expect(ids((await api("GET", "/gptSystems/directory/Personal/Mine", owner)).json())).toContain(created.gptSystemId);
    expect(ids((await api("GET", "/gptSystems/directory/System", owner)).json())).not.toContain(created.gptSystemId);
    const details = (
      await api("GET", `/userConversations/gptSystems/${created.gptSystemId}/detailsForConversation`, owner)
    ).json();
    expect(details.introduction).toBe("Ask me about maths.");

    const { frames } = await readStream(
      `${base}/api/internal/userConversations/byGptSystemId/${created.gptSystemId}`,
      owner,
      {
        question: "What is 2 + 2?",
      },
    );
    expect(answerOf(frames)).toBe(NO_MODEL_MESSAGE);
  });

  it("keeps the published configuration read-only and edits through one reusable draft", async () => {
    const { configStateId, gptSystemId } = await createPublishedPersonalAgent(t, owner, "Versioned");
    const locked = await api("PUT", `/configStates/${configStateId}`, owner, { systemPrompt: "changed" });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().detail).toBe("The published configuration cannot be edited: edit a draft made from it.");

    const draft = await api("POST", `/configStates/fromGptSystem/${gptSystemId}`, owner);
    expect(draft.statusCode).toBe(201);
    expect(draft.json().configuration).toMatchObject({ version: 2, isPublished: false, gptSystemStatus: "Active" });
    const again = await api("POST", `/configStates/fromGptSystem/${gptSystemId}`, owner);
    expect(again.json().configuration.configStateId).toBe(draft.json().configuration.configStateId);
  });

  it("refuses a model that does not exist, per field", async () => {
    const created = (await api("POST", "/configStates/personal", owner, { gptSystemName: "Bad model" })).json()
      .configuration;
    const response = await api("PUT", `/configStates/${created.configStateId}`, owner, {
      languageEngine: "local",
      deploymentName: "gpt-9",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ deploymentName: ["must be local with the local engine"] });
    const deployments = (await api("GET", "/configStates/deployments", owner)).json();
    expect(deployments[0]).toMatchObject({ languageEngine: "local", deploymentName: "local" });
  });
});

describe("ownership", () => {
  it("answers 404 to anyone but the owner, for every operation", async () => {
    const { configStateId, gptSystemId } = await createPublishedPersonalAgent(t, owner, "Private");
    const calls: [Parameters<typeof api>[0], string, unknown?][] = [
      ["GET", `/configStates/${configStateId}`],
      ["PUT", `/configStates/${configStateId}`, { systemPrompt: "mine now" }],
      ["POST", `/configStates/${configStateId}/publish`],
      ["GET", `/configStates/${configStateId}/avatar`],
      ["DELETE", `/configStates/${configStateId}/avatar`],
      ["POST", `/configStates/fromGptSystem/${gptSystemId}`],
      ["DELETE", `/configStates/${configStateId}`],
      ["DELETE", `/gptSystems/personal/${gptSystemId}`],
      ["GET", `/userConversations/gptSystems/${gptSystemId}/detailsForConversation`],
    ];
    for (const [method, url, payload] of calls) {
      const response = await api(method, url, other, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    expect(ids((await api("GET", "/CurrentUser/AvailableGptSystems", other)).json())).not.toContain(gptSystemId);
    expect(ids((await api("GET", "/gptSystems/directory/Personal/Mine", other)).json())).not.toContain(gptSystemId);
    expect(
      (
        await readStream(`${base}/api/internal/userConversations/byGptSystemId/${gptSystemId}`, other, {
          question: "hi",
        })
      ).status,
    ).toBe(404);
  });

  it("serves the owner an identicon avatar through the configuration", async () => {
    const { configStateId } = await createPublishedPersonalAgent(t, owner, "Avatar");
    const avatar = await api("GET", `/configStates/${configStateId}/avatar`, owner);
    expect(avatar.statusCode).toBe(200);
    expect(avatar.headers["content-type"]).toBe("image/svg+xml");
    expect(avatar.body).toContain('width="24"');
  });

  it("deletes the owner's agent softly: it leaves the lists and cannot be chatted with", async () => {
    const { gptSystemId } = await createPublishedPersonalAgent(t, owner, "Short-lived");
    const conversationId = await chatOnce(base, owner, gptSystemId, "hello");
    expect((await api("DELETE", `/gptSystems/personal/${gptSystemId}`, owner)).statusCode).toBe(204);
    expect(ids((await api("GET", "/CurrentUser/AvailableGptSystems", owner)).json())).not.toContain(gptSystemId);
    expect((await api("DELETE", `/gptSystems/personal/${gptSystemId}`, owner)).statusCode).toBe(404);
    expect((await api("GET", `/userConversations/${conversationId}`, owner)).statusCode).toBe(200);
  });
});

describe("the AllowUserCreatedGptSystems flag", () => {
  it("answers 404 to every personal-agent operation while it is off", async () => {
    const { configStateId, gptSystemId } = await createPublishedPersonalAgent(t, owner, "Flagged");
    const conversationId = await chatOnce(base, owner, gptSystemId, "hello");
    await setPersonalAgentsFlag(t, false);
    try {
      const calls: [Parameters<typeof api>[0], string, unknown?][] = [
        ["POST", "/configStates/personal", { gptSystemName: "Nope" }],
        ["GET", `/configStates/${configStateId}`],
        ["PUT", `/configStates/${configStateId}`, { systemPrompt: "x" }],
        ["POST", `/configStates/fromGptSystem/${gptSystemId}`],
        ["GET", "/configStates/deployments"],
        ["GET", "/gptSystems/directory/Personal/Mine"],
        ["POST", `/userConversations/${conversationId}/report`, { reportReason: "Spam" }],
      ];
      for (const [method, url, payload] of calls) {
        const response = await api(method, url, owner, payload);
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.json().detail).toBe("Personal agents are not enabled on this instance.");
      }
    } finally {
      await setPersonalAgentsFlag(t, true);
    }
  });
});

describe("a creator banned from creating agents", () => {
  it("can neither create nor change agents, and their own agents are blocked", async () => {
    const user = await t.createUser({ userName: `pa-banned-${Date.now()}`, roles: ["user"] });
    const token = await t.tokenFor(user);
    const { gptSystemId } = await createPublishedPersonalAgent(t, token, "Soon blocked");
    await t.deps.database.db
      .update(users)
      .set({ isBannedFromCreatingAgents: true })
      .where(eq(users.userId, user.userId));

    const create = await api("POST", "/configStates/personal", token, { gptSystemName: "Another" });
    expect(create.statusCode).toBe(403);
    expect(create.json().detail).toBe("You are blocked from creating agents.");
    expect((await api("POST", `/configStates/fromGptSystem/${gptSystemId}`, token)).statusCode).toBe(403);
    const chat = await readStream(`${base}/api/internal/userConversations/byGptSystemId/${gptSystemId}`, token, {
      question: "hi",
    });
    expect(chat.status).toBe(403);
    expect((chat.problem as { detail: string }).detail).toBe(
      "This agent is blocked: its creator is banned from creating agents.",
    );
    // Its page says why it cannot be asked, instead of offering it.
    for (const part of ["detailsForConversation", "promptsForConversation"]) {
      const refused = await api("GET", `/userConversations/gptSystems/${gptSystemId}/${part}`, token);
      expect(refused.statusCode).toBe(403);
      expect(refused.headers["content-type"]).toMatch(/^application\/problem\+json/);
      expect(refused.json().detail).toBe("This agent is blocked: its creator is banned from creating agents.");
    }
  });
});

describe("reporting a conversation", () => {
  it("opens a report about the personal agent that answered", async () => {
    const { gptSystemId } = await createPublishedPersonalAgent(t, owner, "Reported");
    const conversationId = await chatOnce(base, owner, gptSystemId, "Say something rude");
    const response = await api("POST", `/userConversations/${conversationId}/report`, owner, {
      reportReason: "HateOrHarassment",
      details: "It was rude.",
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      moderationReportId: expect.any(String),
      reportStatus: "Open",
      submittedAt: expect.any(String),
    });
  });

  it("refuses System agents, others' conversations and unknown reasons", async () => {
    const { gptSystemId: systemAgent } = await createAgent(t.deps.database.db, {
      name: "System one",
      encryptionKey: t.deps.config.encryptionKey,
    });
    const systemConversation = await chatOnce(base, owner, systemAgent, "hello");
    const system = await api("POST", `/userConversations/${systemConversation}/report`, owner, {
      reportReason: "Spam",
    });
    expect(system.statusCode).toBe(409);
    expect(system.json().detail).toBe(
      "Only personal agents are moderated: report a problem with this agent to an administrator.",
    );

    const { gptSystemId } = await createPublishedPersonalAgent(t, owner, "Mine to report");
    const conversationId = await chatOnce(base, owner, gptSystemId, "hello");
    expect(
      (await api("POST", `/userConversations/${conversationId}/report`, other, { reportReason: "Spam" })).statusCode,
    ).toBe(404);
    const unknown = await api("POST", `/userConversations/${conversationId}/report`, owner, { reportReason: "Boring" });
    expect(unknown.statusCode).toBe(400);
    expect(Object.keys(unknown.json().errors)).toEqual(["reportReason"]);
  });
});
