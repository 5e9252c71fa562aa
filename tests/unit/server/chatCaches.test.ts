/**
 * The in-process caches in front of the chat (src/server/cache): a question
 * reads the caller, the agent and its model from them, and every committed
 * change to what they hold (through the admin API or straight in the database)
 * applies to the very next request.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cachesFor } from "../../../src/server/cache/appCaches";
import { KeyedCache } from "../../../src/server/cache/keyedCache";
import { watchCommittedWrites } from "../../../src/server/cache/writeWatch";
import { users } from "../../../src/server/db/schema";
import { startFakeModelServer, type FakeModelServer } from "../../fakes/fakeModelServer";
import { buildTestApp, TEST_ADMIN, type TestApp, type TestUser } from "../../helpers/buildTestApp";
import { createAgent } from "../../helpers/chatFixtures";
import { adminApi } from "./admin/adminTestKit";

let t: TestApp;
let fake: FakeModelServer;
let api: ReturnType<typeof adminApi>;
/** Every statement sent to the database, in order (both drivers, inside transactions too). */
const statements: string[] = [];

beforeAll(async () => {
  fake = await startFakeModelServer();
  t = await buildTestApp();
  const adminToken = await t.tokenFor(TEST_ADMIN.userName);
  api = adminApi(t, () => adminToken);
  watchCommittedWrites(
    t.deps.database,
    (text) => {
      statements.push(text);
      return false;
    },
    () => {},
  );
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

async function ask(user: TestUser, gptSystemId: string, question = "Hello?") {
  return t.app.inject({
    method: "POST",
    url: `/api/internal/userConversations/byGptSystemId/${gptSystemId}`,
    headers: { authorization: `Bearer ${await t.tokenFor(user)}` },
    payload: { question },
  });
}

const agent = (name: string, systemPrompt = "You are a cached agent.") =>
  createAgent(t.deps.database.db, {
    name,
    openaiBaseUrl: fake.openaiBaseUrl,
    encryptionKey: t.deps.config.encryptionKey,
    systemPrompt,
  });

describe("a question served from the caches", () => {
  it("reads neither the caller nor the agent from the database the second time", async () => {
    const { gptSystemId } = await agent("Cached");
    const user = await t.createUser({ userName: "cached-asker", roles: ["user"] });
    expect((await ask(user, gptSystemId)).statusCode).toBe(200);

    statements.length = 0;
    expect((await ask(user, gptSystemId)).statusCode).toBe(200);
    const reads = statements.filter((s) => /^\s*select\b/i.test(s));
    const cachedTables =
      /"(users|user_roles|user_role_assignments|gpt_systems|config_states|connections|deployments|instance_settings)"/;
    expect(reads.filter((s) => cachedTables.test(s))).toEqual([]);
    // The question (a new conversation and its segment) is stored in one statement.
    const stores = statements.filter((s) => /insert into "conversations"/i.test(s));
    expect(stores).toHaveLength(1);
    expect(stores[0]).toMatch(/insert into "conversation_segments"/i);
  });
});

describe("changes apply to the next request", () => {
  it("a role change through the admin API", async () => {
    const { gptSystemId } = await agent("Role-checked");
    const user = await t.createUser({ userName: "demoted", roles: ["user"] });
    expect((await ask(user, gptSystemId)).statusCode).toBe(200);
    expect(cachesFor(t.deps.database).users.size).toBeGreaterThan(0);

    const before = (await api("GET", `/users/${user.userId}`)).json();
    const changed = await api("PUT", `/users/${user.userId}`, { ...before, userRoleIds: [] });
    expect(changed.statusCode).toBe(200);
    const refused = await ask(user, gptSystemId);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe("This operation requires one of these actions: GptSystemsRead.");
  });

  it("a role losing an action", async () => {
    const { gptSystemId } = await agent("Action-checked");
    const role = (await api("POST", "/userRoles", { name: "Askers", actions: ["GptSystemsRead"] })).json();
    const user = await t.createUser({ userName: "asker-by-role", roles: ["Askers"] });
    expect((await ask(user, gptSystemId)).statusCode).toBe(200);

    expect((await api("PUT", `/userRoles/${role.userRoleId}`, { ...role, actions: ["BrandsRead"] })).statusCode).toBe(
      200,
    );
    expect((await ask(user, gptSystemId)).statusCode).toBe(403);
  });

  it("a user disabled straight in the database", async () => {
    const { gptSystemId } = await agent("Disable-checked");
    const user = await t.createUser({ userName: "disabled-later", roles: ["user"] });
    expect((await ask(user, gptSystemId)).statusCode).toBe(200);

    await t.deps.database.db.update(users).set({ isDisabled: true }).where(eq(users.userId, user.userId));
    expect((await ask(user, gptSystemId)).statusCode).toBe(401);
  });

  it("a chat access policy created, then disabled", async () => {
    const { gptSystemId } = await agent("Policy-checked");
    const outsider = await t.createUser({ userName: "policy-outsider", roles: ["user"] });
    const insider = await t.createUser({ userName: "policy-insider", roles: ["user"] });
    expect((await ask(outsider, gptSystemId)).statusCode).toBe(200);

    const created = await api("POST", "/chatAccessPolicies", {
      name: "Insiders only",
      gptSystemIds: [gptSystemId],
      userIds: [insider.userId],
    });
    expect(created.statusCode).toBe(201);
    const refused = await ask(outsider, gptSystemId);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().detail).toBe("No such agent.");
    expect((await ask(insider, gptSystemId)).statusCode).toBe(200);

    const policy = created.json();
    expect(
      (await api("PUT", `/chatAccessPolicies/${policy.chatAccessPolicyId}`, { ...policy, isEnabled: false }))
        .statusCode,
    ).toBe(200);
    expect((await ask(outsider, gptSystemId)).statusCode).toBe(200);
  });

  it("a newly published configuration", async () => {
    const { gptSystemId } = await agent("Publish-checked", "You are version one.");
    const user = await t.createUser({ userName: "publish-watcher", roles: ["user"] });
    const systemPrompts = () =>
      fake.requests.map((r) => (r.body.messages as { role: string; content: string }[])[0]!.content);
    expect((await ask(user, gptSystemId, "First")).statusCode).toBe(200);
    expect(systemPrompts()).toContain("You are version one.");

    const draft = (await api("POST", `/gptSystems/${gptSystemId}/configStates`)).json();
    expect(
      (await api("PUT", `/configStates/${draft.configStateId}`, { ...draft, systemPrompt: "You are version two." }))
        .statusCode,
    ).toBe(200);
    expect(
      (await api("POST", `/gptSystems/${gptSystemId}/publish`, { configStateId: draft.configStateId })).statusCode,
    ).toBe(200);
    fake.requests.length = 0;
    expect((await ask(user, gptSystemId, "Second")).statusCode).toBe(200);
    expect(systemPrompts()).toContain("You are version two.");
    expect(systemPrompts()).not.toContain("You are version one.");
  });
});

describe("KeyedCache", () => {
  it("shares one load between concurrent misses, forgets failures, expires and clears", async () => {
    let clock = 0;
    const cache = new KeyedCache<number>({ ttlMs: 100, maxEntries: 2, now: () => clock });
    let loads = 0;
    const load = async () => ++loads;
    expect(await Promise.all([cache.get("a", load), cache.get("a", load)])).toEqual([1, 1]);
    expect(loads).toBe(1);

    await expect(cache.get("b", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await cache.get("b", load)).toBe(2);

    // Past the TTL, a request far beyond the grace loads afresh…
    clock = 250;
    expect(await cache.get("a", load)).toBe(3);
    cache.clear();
    expect(await cache.get("a", load)).toBe(4);

    await cache.get("c", load);
    await cache.get("d", load);
    expect(cache.size).toBe(2);
  });

  it("serves a value past half its TTL while a single load refreshes it, and never one read more than a TTL before", async () => {
    let clock = 0;
    const cache = new KeyedCache<string>({ ttlMs: 100, maxEntries: 10, now: () => clock });
    const pending: ((value: string) => void)[] = [];
    const slowLoad = () => new Promise<string>((resolve) => pending.push(resolve));
    const first = cache.get("k", slowLoad);
    pending.shift()!("v1");
    expect(await first).toBe("v1");

    clock = 49; // fresh: no load
    expect(await cache.get("k", slowLoad)).toBe("v1");
    expect(pending).toHaveLength(0);

    clock = 75; // past half the TTL: the old value at once, one refresh started
    expect(await cache.get("k", slowLoad)).toBe("v1");
    expect(await cache.get("k", slowLoad)).toBe("v1");
    expect(pending).toHaveLength(1);
    pending.shift()!("v2");
    await Promise.resolve();
    expect(await cache.get("k", slowLoad)).toBe("v2");

    // The refreshed entry is fresh for half a TTL from when its load started (75): until 125.
    clock = 124;
    expect(await cache.get("k", slowLoad)).toBe("v2");
    expect(pending).toHaveLength(0);

    // A refresh that is slow does not stretch the bound: at 175, a TTL after v2's load began, v2 is no longer served.
    clock = 130;
    expect(await cache.get("k", slowLoad)).toBe("v2");
    expect(pending).toHaveLength(1);
    clock = 175;
    const waited = cache.get("k", slowLoad);
    expect(pending).toHaveLength(2);
    pending.pop()!("v3");
    expect(await waited).toBe("v3");

    // A refresh that was running when clear() came is not stored.
    clock = 240;
    expect(await cache.get("k", slowLoad)).toBe("v3");
    cache.clear();
    pending.shift()!("stale");
    pending.shift()!("stale too");
    const afterClear = cache.get("k", slowLoad);
    pending.shift()!("v4");
    expect(await afterClear).toBe("v4");
  });

  it("forgets an entry whose refresh failed: the next request loads and sees the error", async () => {
    let clock = 0;
    const cache = new KeyedCache<string>({ ttlMs: 100, maxEntries: 10, now: () => clock });
    expect(await cache.get("k", async () => "v1")).toBe("v1");
    clock = 60;
    expect(await cache.get("k", () => Promise.reject(new Error("down")))).toBe("v1");
    await new Promise((resolve) => setImmediate(resolve));
    await expect(cache.get("k", () => Promise.reject(new Error("still down")))).rejects.toThrow("still down");
  });
});
