import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gptSystems } from "../../../../src/server/db/chatSchema";
import { users } from "../../../../src/server/db/schema";
import { buildTestApp, type TestApp, type TestUser } from "../../../helpers/buildTestApp";
import { createAgent, listen, readStream } from "../../../helpers/chatFixtures";
import { startFakeModelServer, type FakeModelServer } from "../../../fakes/fakeModelServer";

/** Spec §5: Export is hidden for banned or blocked agents; the list tells which, and export refuses them. */
let t: TestApp;
let base: string;
let fake: FakeModelServer;
let owner: TestUser;
let token: string;

beforeAll(async () => {
  fake = await startFakeModelServer();
  t = await buildTestApp();
  base = await listen(t.app);
  owner = await t.createUser({ userName: `agent-state-${Date.now()}`, roles: ["user"] });
  token = await t.tokenFor(owner);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const db = () => t.deps.database.db;
const get = (url: string) => t.app.inject({ method: "GET", url: `/api/internal${url}`, headers: { authorization: `Bearer ${token}` } });

async function conversationWith(agentOptions: { ownerUserId?: string; name: string }): Promise<{ gptSystemId: string; conversationId: string }> {
  const { gptSystemId } = await createAgent(db(), { ...agentOptions, openaiBaseUrl: fake.openaiBaseUrl, encryptionKey: t.deps.config.encryptionKey });
  fake.enqueue({ tokens: ["Hello."] }, { tokens: ["Greeting"] });
  const { frames } = await readStream(`${base}/api/internal/userConversations/byGptSystemId/${gptSystemId}`, token, { question: "Hi" });
  return { gptSystemId, conversationId: (frames[0]!.data as { conversationId: string }).conversationId };
}

async function listedAgent(conversationId: string) {
  const page = (await get("/userConversations")).json() as { items: { conversationId: string; gptSystem: unknown }[] };
  return page.items.find((c) => c.conversationId === conversationId)?.gptSystem;
}

describe("conversation agent state", () => {
  it("lists a banned agent's moderationStatus and refuses to export its conversation with 403", async () => {
    const { gptSystemId, conversationId } = await conversationWith({ name: "Soon banned" });
    expect(await listedAgent(conversationId)).toEqual({
      gptSystemId,
      name: "Soon banned",
      gptSystemType: "System",
      isPublic: false,
      moderationStatus: null,
      ownership: { ownerIsCurrentUser: false },
    });
    expect((await get(`/userConversations/${conversationId}/export`)).statusCode).toBe(200);

    await db().update(gptSystems).set({ moderationStatus: "Banned" }).where(eq(gptSystems.gptSystemId, gptSystemId));
    expect(await listedAgent(conversationId)).toMatchObject({ moderationStatus: "Banned" });
    expect((await get(`/userConversations/${conversationId}`)).json().gptSystem).toMatchObject({ moderationStatus: "Banned" });
    const refused = await get(`/userConversations/${conversationId}/export`);
    expect(refused.statusCode).toBe(403);
    expect(refused.headers["content-type"]).toContain("application/problem+json");
    expect(refused.json().detail).toBe("This agent has been banned by a moderator.");
  });

  it("marks the user's own agent as owned and refuses export once the user is banned from creating (blocked)", async () => {
    const { conversationId } = await conversationWith({ name: "Own agent", ownerUserId: owner.userId });
    expect(await listedAgent(conversationId)).toMatchObject({ gptSystemType: "User", moderationStatus: null, ownership: { ownerIsCurrentUser: true } });
    expect((await get(`/userConversations/${conversationId}/export`)).statusCode).toBe(200);

    await db().update(users).set({ isBannedFromCreatingAgents: true }).where(eq(users.userId, owner.userId));
    try {
      const refused = await get(`/userConversations/${conversationId}/export`);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().detail).toBe("This agent is blocked: its creator is banned from creating agents.");
    } finally {
      await db().update(users).set({ isBannedFromCreatingAgents: false }).where(eq(users.userId, owner.userId));
    }
  });
});
