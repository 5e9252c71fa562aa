import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gptSystems, users } from "../../../../src/server/db/schema";
import { buildTestApp, TEST_ADMIN, type TestApp } from "../../../helpers/buildTestApp";
import { createAgent, listen, readStream } from "../../../helpers/chatFixtures";
import { apiFor, chatOnce, createPublishedPersonalAgent, setPersonalAgentsFlag } from "./personalAgentsKit";

let t: TestApp;
let base: string;
let api: ReturnType<typeof apiFor>;
let owner: string;
let ownerUserId: string;
let recipient: string;
let bystander: string;
let n = 0;

beforeAll(async () => {
  t = await buildTestApp();
  base = await listen(t.app);
  api = apiFor(t);
  const suffix = Date.now();
  const ownerUser = await t.createUser({ userName: `share-owner-${suffix}`, roles: ["user"] });
  ownerUserId = ownerUser.userId;
  owner = await t.tokenFor(ownerUser);
  recipient = await t.tokenFor(await t.createUser({ userName: `share-recipient-${suffix}`, roles: ["user"] }));
  bystander = await t.tokenFor(await t.createUser({ userName: `share-bystander-${suffix}`, roles: ["user"] }));
});
afterAll(() => t.close());

const ids = (body: { gptSystemId: string }[]) => body.map((a) => a.gptSystemId);
const share = (token: string, gptSystemId: string, isShared: boolean) =>
  api("PUT", `/gptSystems/personal/${gptSystemId}/sharing`, token, { isShared });
const openLink = (token: string, gptSystemId: string) =>
  api("POST", `/CurrentUser/gptSystemSharedWithMe/${gptSystemId}`, token);
const sharedWithMe = async (token: string) => ids((await api("GET", "/gptSystems/directory/Personal/SharedWithMe", token)).json());
const available = async (token: string) => ids((await api("GET", "/CurrentUser/AvailableGptSystems", token)).json());
const details = (token: string, gptSystemId: string) =>
  api("GET", `/userConversations/gptSystems/${gptSystemId}/detailsForConversation`, token);
const ask = (token: string, gptSystemId: string) =>
  readStream(`${base}/api/internal/userConversations/byGptSystemId/${gptSystemId}`, token, { question: "hi" });

/** A published agent of the owner, shared and added by the recipient through its link. */
async function sharedAgent(name = `Shared ${++n}`) {
  const agent = await createPublishedPersonalAgent(t, owner, name);
  expect((await share(owner, agent.gptSystemId, true)).json()).toEqual({ isShared: true });
  expect((await openLink(recipient, agent.gptSystemId)).statusCode).toBe(200);
  return agent;
}

describe("sharing a personal agent by link", () => {
  it("adds the agent to the recipient's Shared with me and available agents, and the recipient chats", async () => {
    const { configStateId, gptSystemId } = await createPublishedPersonalAgent(t, owner, "Travel guide");
    // Before sharing, the link is a dead end.
    expect((await openLink(recipient, gptSystemId)).statusCode).toBe(404);

    const shared = await share(owner, gptSystemId, true);
    expect(shared.statusCode).toBe(200);
    expect((await api("GET", `/configStates/${configStateId}`, owner)).json().configuration.isShared).toBe(true);

    const added = await openLink(recipient, gptSystemId);
    expect(added.statusCode).toBe(200);
    expect(added.json()).toMatchObject({
      gptSystemId,
      name: "Travel guide",
      gptSystemType: "User",
      ownership: { ownerIsCurrentUser: false },
    });
    // Opening the link twice changes nothing.
    expect((await openLink(recipient, gptSystemId)).statusCode).toBe(200);
    expect(await sharedWithMe(recipient)).toEqual([gptSystemId]);
    expect(await available(recipient)).toContain(gptSystemId);
    expect((await details(recipient, gptSystemId)).json().name).toBe("Travel guide");
    const conversationId = await chatOnce(base, recipient, gptSystemId, "Where should I go?");
    expect((await api("GET", `/userConversations/${conversationId}`, recipient)).statusCode).toBe(200);
    // The recipient sees the agent, never its configuration.
    expect((await api("GET", `/configStates/${configStateId}`, recipient)).statusCode).toBe(404);
    expect((await share(recipient, gptSystemId, false)).statusCode).toBe(404);

    // Only who opened the link has it.
    expect(await available(bystander)).not.toContain(gptSystemId);
    expect((await details(bystander, gptSystemId)).statusCode).toBe(404);
    // The owner's own link leaves their lists as they are.
    expect((await openLink(owner, gptSystemId)).json().ownership).toEqual({ ownerIsCurrentUser: true });
    expect(await sharedWithMe(owner)).toEqual([]);
  });

  it("answers 404 to the link of an unknown, unpublished, unshared or System agent", async () => {
    expect((await openLink(recipient, "00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);

    const draft = (await api("POST", "/configStates/personal", owner, { gptSystemName: "Unpublished" })).json()
      .configuration;
    const refused = await share(owner, draft.gptSystemId, true);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe("Publish the agent before sharing it.");
    expect((await openLink(recipient, draft.gptSystemId)).statusCode).toBe(404);

    const unshared = await createPublishedPersonalAgent(t, owner, "Kept to myself");
    const response = await openLink(recipient, unshared.gptSystemId);
    expect(response.statusCode).toBe(404);
    expect(response.headers["content-type"]).toContain("application/problem+json");

    const system = await createAgent(t.deps.database.db, { name: "System agent", encryptionKey: t.deps.config.encryptionKey });
    expect((await openLink(recipient, system.gptSystemId)).statusCode).toBe(404);
  });

  it("withdraws the agent from every recipient when the owner stops sharing, until they open the link again", async () => {
    const { gptSystemId } = await sharedAgent();
    await chatOnce(base, recipient, gptSystemId, "hello");

    expect((await share(owner, gptSystemId, false)).json()).toEqual({ isShared: false });
    expect(await sharedWithMe(recipient)).not.toContain(gptSystemId);
    expect(await available(recipient)).not.toContain(gptSystemId);
    expect((await api("GET", "/CurrentUser/recentGptSystems", recipient)).json()).toEqual(
      expect.not.arrayContaining([expect.objectContaining({ gptSystemId })]),
    );
    expect((await details(recipient, gptSystemId)).statusCode).toBe(404);
    expect((await ask(recipient, gptSystemId)).status).toBe(404);
    expect((await openLink(recipient, gptSystemId)).statusCode).toBe(404);

    // Sharing again does not restore the old recipients: the link must be opened anew.
    await share(owner, gptSystemId, true);
    expect(await sharedWithMe(recipient)).not.toContain(gptSystemId);
    expect((await openLink(recipient, gptSystemId)).statusCode).toBe(200);
    expect(await sharedWithMe(recipient)).toContain(gptSystemId);
  });

  it("refuses sharing to a creator blocked from sharing (BlockAgentSharing), which also hides what they shared", async () => {
    const blockedUser = await t.createUser({ userName: `share-blocked-${Date.now()}`, roles: ["user"] });
    const blocked = await t.tokenFor(blockedUser);
    const { gptSystemId } = await createPublishedPersonalAgent(t, blocked, "Shared before the block");
    await share(blocked, gptSystemId, true);
    await openLink(recipient, gptSystemId);
    const later = await createPublishedPersonalAgent(t, blocked, "After the block");

    await t.deps.database.db
      .update(users)
      .set({ isBannedFromSharingAgents: true })
      .where(eq(users.userId, blockedUser.userId));

    const refused = await share(blocked, later.gptSystemId, true);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe("You are blocked from sharing agents.");
    expect(await sharedWithMe(recipient)).not.toContain(gptSystemId);
    expect((await details(recipient, gptSystemId)).statusCode).toBe(404);
    expect((await openLink(bystander, gptSystemId)).statusCode).toBe(404);
    // Stopping is always allowed, and the owner still chats with their own agent.
    expect((await share(blocked, gptSystemId, false)).statusCode).toBe(200);
    expect((await details(blocked, gptSystemId)).statusCode).toBe(200);
  });

  it("hides a shared agent once a moderator bans it", async () => {
    const { gptSystemId } = await sharedAgent();
    await t.deps.database.db
      .update(gptSystems)
      .set({ moderationStatus: "Banned" })
      .where(eq(gptSystems.gptSystemId, gptSystemId));
    expect(await sharedWithMe(recipient)).not.toContain(gptSystemId);
    expect((await details(recipient, gptSystemId)).statusCode).toBe(404);
    expect((await share(owner, gptSystemId, true)).statusCode).toBe(403);
  });

  it("keeps chat access policies: a recipient they do not admit cannot add or use the agent", async () => {
    const { gptSystemId } = await sharedAgent();
    const admin = await t.tokenFor(TEST_ADMIN.userName);
    const policy = await api("POST", "/admin/chatAccessPolicies", admin, {
      name: "Owner only",
      gptSystemIds: [gptSystemId],
      userIds: [ownerUserId],
    });
    expect(policy.statusCode).toBe(201);
    expect(await sharedWithMe(recipient)).not.toContain(gptSystemId);
    expect((await details(recipient, gptSystemId)).statusCode).toBe(404);
    expect((await openLink(bystander, gptSystemId)).statusCode).toBe(404);
    expect((await details(owner, gptSystemId)).statusCode).toBe(200);
  });
});

describe("the Personal directories", () => {
  it("lists drafts under ConfigStates and published agents under Mine, each only to its owner", async () => {
    const created = (await api("POST", "/configStates/personal", owner, { gptSystemName: "Directory agent" })).json()
      .configuration;
    const drafts = async (token: string) =>
      ((await api("GET", "/gptSystems/directory/Personal/ConfigStates", token)).json() as { configStateId: string }[]).map(
        (d) => d.configStateId,
      );
    const mine = async (token: string) => ids((await api("GET", "/gptSystems/directory/Personal/Mine", token)).json());

    expect(await drafts(owner)).toContain(created.configStateId);
    expect(await mine(owner)).not.toContain(created.gptSystemId);

    await api("POST", `/configStates/${created.configStateId}/publish`, owner);
    expect(await drafts(owner)).not.toContain(created.configStateId);
    expect(await mine(owner)).toContain(created.gptSystemId);

    const next = (await api("POST", `/configStates/fromGptSystem/${created.gptSystemId}`, owner)).json().configuration;
    const listed = (await api("GET", "/gptSystems/directory/Personal/ConfigStates", owner)).json();
    expect(listed).toContainEqual(
      expect.objectContaining({ configStateId: next.configStateId, version: 2, isPublished: false, gptSystemName: "Directory agent" }),
    );

    // Someone else's draft is invisible and answers 404.
    expect(await drafts(recipient)).not.toContain(next.configStateId);
    expect((await api("GET", `/configStates/${next.configStateId}`, recipient)).statusCode).toBe(404);
    expect(await mine(recipient)).not.toContain(created.gptSystemId);
  });

  it("answers 404 to the sharing operations while AllowUserCreatedGptSystems is off", async () => {
    const { gptSystemId } = await sharedAgent();
    await setPersonalAgentsFlag(t, false);
    try {
      for (const response of [
        await share(owner, gptSystemId, false),
        await openLink(recipient, gptSystemId),
        await api("GET", "/gptSystems/directory/Personal/SharedWithMe", recipient),
        await api("GET", "/gptSystems/directory/Personal/ConfigStates", owner),
      ]) {
        expect(response.statusCode).toBe(404);
        expect(response.json().detail).toBe("Personal agents are not enabled on this instance.");
      }
    } finally {
      await setPersonalAgentsFlag(t, true);
    }
  });
});
