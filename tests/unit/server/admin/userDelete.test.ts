/** Deleting a user whose personal agents appear in other users' conversations: 409, nothing deleted. */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { conversations, gptSystems, users } from "../../../../src/server/db/schema";
import { buildTestApp, TEST_ADMIN, type TestApp } from "../../../helpers/buildTestApp";
import { createAgent } from "../../../helpers/chatFixtures";
import { adminApi, auditOf } from "./adminTestKit";

let t: TestApp;
let api: ReturnType<typeof adminApi>;

beforeAll(async () => {
  t = await buildTestApp();
  const adminToken = await t.tokenFor(TEST_ADMIN.userName);
  api = adminApi(t, () => adminToken);
});
afterAll(() => t.close());

async function personalAgentOf(userId: string, name: string) {
  return createAgent(t.deps.database.db, { name, ownerUserId: userId, encryptionKey: t.deps.config.encryptionKey });
}

async function conversationWith(userId: string, gptSystemId: string) {
  await t.deps.database.db.insert(conversations).values({ userId, gptSystemId, title: "Borrowed agent" });
}

describe("deleting a user", () => {
  it("refuses with 409 when their personal agents appear in other users' conversations, and keeps everything", async () => {
    const owner = await t.createUser({ userName: "owner", displayName: "Olive Owner", roles: ["user"] });
    const reader = await t.createUser({ userName: "reader", displayName: "Reed Reader", roles: ["user"] });
    const agent = await personalAgentOf(owner.userId, "Recipe helper");
    await conversationWith(reader.userId, agent.gptSystemId);

    const refused = await api("DELETE", `/users/${owner.userId}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.headers["content-type"]).toMatch(/^application\/problem\+json/);
    expect(refused.json()).toEqual({
      type: "about:blank",
      title: "Conflict",
      status: 409,
      detail:
        "Olive Owner owns personal agents used in other users' conversations ('Recipe helper'): " +
        "disable the account instead, so those conversations stay readable.",
      requestId: expect.any(String),
    });
    const db = t.deps.database.db;
    expect(await db.select().from(users).where(eq(users.userId, owner.userId))).toHaveLength(1);
    expect(await db.select().from(gptSystems).where(eq(gptSystems.gptSystemId, agent.gptSystemId))).toHaveLength(1);
    expect(await auditOf(t, owner.userId)).toEqual([]);

    // The suggested way out works: the account is disabled and the reader's conversation stays.
    const disabled = await api("PUT", `/users/${owner.userId}`, {
      userName: "owner",
      displayName: "Olive Owner",
      isDisabled: true,
    });
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json().isDisabled).toBe(true);
    expect(await db.select().from(conversations).where(eq(conversations.userId, reader.userId))).toHaveLength(1);
  });

  it("deletes a user whose personal agents only appear in their own conversations, agents included", async () => {
    const loner = await t.createUser({ userName: "loner", displayName: "Lone User", roles: ["user"] });
    const agent = await personalAgentOf(loner.userId, "Diary");
    await conversationWith(loner.userId, agent.gptSystemId);

    const deleted = await api("DELETE", `/users/${loner.userId}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toMatchObject({ userId: loner.userId, userName: "loner" });
    const db = t.deps.database.db;
    expect(await db.select().from(users).where(eq(users.userId, loner.userId))).toEqual([]);
    expect(await db.select().from(gptSystems).where(eq(gptSystems.gptSystemId, agent.gptSystemId))).toEqual([]);
    expect((await auditOf(t, loner.userId)).map((entry) => entry.operation)).toEqual(["Delete"]);
  });
});
