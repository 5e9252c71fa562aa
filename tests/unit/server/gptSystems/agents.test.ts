import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gptSystems } from "../../../../src/server/db/chatSchema";
import { buildTestApp, type TestApp } from "../../../helpers/buildTestApp";
import { answerOf, createAgent, listen, readStream } from "../../../helpers/chatFixtures";
import { NO_MODEL_MESSAGE } from "../../../../src/server/llm/localEngine";

let t: TestApp;
let base: string;
let token: string;
let userId: string;
let otherToken: string;
let localAgent: string;
let othersPersonalAgent: string;
let inactiveAgent: string;

beforeAll(async () => {
  t = await buildTestApp();
  base = await listen(t.app);
  const suffix = Date.now();
  const user = await t.createUser({ userName: `agents-${suffix}`, roles: ["user"] });
  const other = await t.createUser({ userName: `agents-other-${suffix}`, roles: ["user"] });
  token = await t.tokenFor(user);
  userId = user.userId;
  otherToken = await t.tokenFor(other);
  const key = t.deps.config.encryptionKey;
  ({ gptSystemId: localAgent } = await createAgent(t.deps.database.db, { name: `Local ${suffix}`, encryptionKey: key }));
  ({ gptSystemId: othersPersonalAgent } = await createAgent(t.deps.database.db, { name: `Theirs ${suffix}`, encryptionKey: key, ownerUserId: other.userId }));
  ({ gptSystemId: inactiveAgent } = await createAgent(t.deps.database.db, { name: `Off ${suffix}`, encryptionKey: key, status: "Inactive" }));
});
afterAll(() => t.close());

const api = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: unknown, as = token) =>
  t.app.inject({ method, url: `/api/internal${url}`, headers: { authorization: `Bearer ${as}` }, ...(payload === undefined ? {} : { payload: payload as object }) });
const idsOf = (body: { gptSystemId: string }[]) => body.map((a) => a.gptSystemId);

describe("agents in the chat", () => {
  it("lists only agents the caller may use", async () => {
    const available = idsOf((await api("GET", "/CurrentUser/AvailableGptSystems")).json());
    expect(available).toContain(localAgent);
    expect(available).not.toContain(othersPersonalAgent);
    expect(available).not.toContain(inactiveAgent);
    expect(idsOf((await api("GET", "/CurrentUser/AvailableGptSystems", undefined, otherToken)).json())).toContain(othersPersonalAgent);
    expect(idsOf((await api("GET", "/gptSystems/directory/System")).json())).not.toContain(othersPersonalAgent);
    for (const hidden of [othersPersonalAgent, inactiveAgent]) {
      expect((await api("GET", `/userConversations/gptSystems/${hidden}/detailsForConversation`)).statusCode).toBe(404);
      expect((await api("POST", `/CurrentUser/pinnedGptSystem/${hidden}`)).statusCode).toBe(404);
      expect((await readStream(`${base}/api/internal/userConversations/byGptSystemId/${hidden}`, token, { question: "hi" })).status).toBe(404);
    }
  });

  it("unpins an agent that went away since it was pinned, so that it does not come back pinned", async () => {
    const key = t.deps.config.encryptionKey;
    const { gptSystemId } = await createAgent(t.deps.database.db, { name: `Pinned then off ${Date.now()}`, encryptionKey: key });
    expect((await api("POST", `/CurrentUser/pinnedGptSystem/${gptSystemId}`)).statusCode).toBe(204);
    await t.deps.database.db.update(gptSystems).set({ status: "Inactive" }).where(eq(gptSystems.gptSystemId, gptSystemId));
    expect((await api("DELETE", `/CurrentUser/pinnedGptSystem/${gptSystemId}`)).statusCode).toBe(204);
    await t.deps.database.db.update(gptSystems).set({ status: "Active" }).where(eq(gptSystems.gptSystemId, gptSystemId));
    expect(idsOf((await api("GET", "/CurrentUser/pinnedGptSystems")).json())).not.toContain(gptSystemId);
    // Not pinned and not the caller's to see: 404, as before.
    expect((await api("DELETE", `/CurrentUser/pinnedGptSystem/${inactiveAgent}`)).statusCode).toBe(404);
  });

  it("refuses to pin an agent the Pinned list would never show: a personal agent with nothing published", async () => {
    const key = t.deps.config.encryptionKey;
    const { gptSystemId } = await createAgent(t.deps.database.db, { name: `Draft ${Date.now()}`, encryptionKey: key, ownerUserId: userId });
    await t.deps.database.db.update(gptSystems).set({ publishedConfigStateId: null }).where(eq(gptSystems.gptSystemId, gptSystemId));
    expect((await api("POST", `/CurrentUser/pinnedGptSystem/${gptSystemId}`)).statusCode).toBe(404);
    expect(idsOf((await api("GET", "/CurrentUser/pinnedGptSystems")).json())).not.toContain(gptSystemId);
  });

  it("pins and unpins, and lists recent agents after use", async () => {
    expect((await api("POST", `/CurrentUser/pinnedGptSystem/${localAgent}`)).statusCode).toBe(204);
    expect((await api("POST", `/CurrentUser/pinnedGptSystem/${localAgent}`)).statusCode).toBe(204);
    const pinned = (await api("GET", "/CurrentUser/pinnedGptSystems")).json();
    expect(pinned).toEqual([expect.objectContaining({ gptSystemId: localAgent, isPinned: true, ownership: { ownerIsCurrentUser: false } })]);
    expect((await api("DELETE", `/CurrentUser/pinnedGptSystem/${localAgent}`)).statusCode).toBe(204);
    expect((await api("GET", "/CurrentUser/pinnedGptSystems")).json()).toEqual([]);

    expect((await api("GET", "/CurrentUser/recentGptSystems")).json()).toEqual([]);
    const { frames } = await readStream(`${base}/api/internal/userConversations/byGptSystemId/${localAgent}`, token, { question: "hello" });
    const recent = (await api("GET", "/CurrentUser/recentGptSystems")).json();
    expect(idsOf(recent)).toEqual([localAgent]);
    expect(recent[0].lastUsedAt).toEqual(expect.any(String));

    // Deleting the conversations with an agent takes it off Recent: nothing of that use is left to show.
    const { conversationId } = frames[0]!.data as { conversationId: string };
    expect((await api("DELETE", `/userConversations/${conversationId}`)).statusCode).toBe(204);
    expect((await api("GET", "/CurrentUser/recentGptSystems")).json()).toEqual([]);
    const available = (await api("GET", "/CurrentUser/AvailableGptSystems")).json() as { gptSystemId: string; lastUsedAt: string | null }[];
    expect(available.find((a) => a.gptSystemId === localAgent)!.lastUsedAt).toBeNull();
  });

  it("answers with the local engine's explanation when no model is configured, titled from the question", async () => {
    const { frames } = await readStream(`${base}/api/internal/userConversations/byGptSystemId/${localAgent}`, token, {
      question: "Please summarise the quarterly report for the board meeting next week",
    });
    expect(answerOf(frames)).toBe(NO_MODEL_MESSAGE);
    const { conversationId } = frames[0]!.data as { conversationId: string };
    const conversation = (await api("GET", `/userConversations/${conversationId}`)).json();
    expect(conversation.title).toBe("Please summarise the quarterly report for the…");
    expect(conversation.title.length).toBeLessThanOrEqual(50);
    const details = (await api("GET", `/userConversations/gptSystems/${localAgent}/detailsForConversation`)).json();
    expect(details).toMatchObject({ introduction: "Hi from the test agent.", languageEngine: "local", deploymentName: "local", capabilityTypes: [] });
  });

  it("serves a generated identicon avatar as an inert SVG", async () => {
    const avatar = await api("GET", `/gptSystems/common/management/${localAgent}/avatar`);
    expect(avatar.statusCode).toBe(200);
    expect(avatar.headers["content-type"]).toBe("image/svg+xml");
    expect(avatar.headers["content-security-policy"]).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(avatar.body).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="24" height="24"/);
    expect(avatar.body).not.toContain("<script");
  });
});

describe("user prompts", () => {
  it("creates, lists, edits and deletes only the caller's prompts", async () => {
    const created = await api("POST", "/userPrompts", { title: " Summarise ", prompt: "Summarise this in 3 bullets." });
    expect(created.statusCode).toBe(201);
    const prompt = created.json();
    expect(prompt).toMatchObject({ title: "Summarise", prompt: "Summarise this in 3 bullets." });
    expect((await api("GET", "/userPrompts")).json().map((p: { promptId: string }) => p.promptId)).toContain(prompt.promptId);
    expect((await api("GET", "/userPrompts", undefined, otherToken)).json()).toEqual([]);

    const blank = await api("POST", "/userPrompts", { title: "  ", prompt: "x" });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors).toEqual({ title: ["is required"] });

    expect((await api("PUT", `/userPrompts/prompt/${prompt.promptId}`, { title: "T", prompt: "P" }, otherToken)).statusCode).toBe(404);
    expect((await api("DELETE", `/userPrompts/prompt/${prompt.promptId}`, undefined, otherToken)).statusCode).toBe(404);
    expect((await api("PUT", `/userPrompts/prompt/${prompt.promptId}`, { title: "T", prompt: "P" })).json()).toMatchObject({ title: "T", prompt: "P" });
    expect((await api("DELETE", `/userPrompts/prompt/${prompt.promptId}`)).statusCode).toBe(204);
    expect((await api("GET", "/userPrompts")).json()).toEqual([]);
  });
});
