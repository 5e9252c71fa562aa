/** Spec §8: saves that are valid but doubtful answer warnings (property and message) beside the record. */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { userRoleAssignments, userRoles, users } from "../../../../src/server/db/schema";
import { monthBounds } from "../../../../src/server/features/adminInstanceSettings/budget";
import { ADMITS_NOBODY, NAMES_NO_AGENT } from "../../../../src/server/features/adminWarnings/chatAccessPolicyWarnings";
import { buildTestApp, TEST_ADMIN, type TestApp } from "../../../helpers/buildTestApp";
import { createAgent } from "../../../helpers/chatFixtures";
import { adminApi, auditOf } from "./adminTestKit";
import { seedConversation } from "./analyticsSeed";

let t: TestApp;
let api: ReturnType<typeof adminApi>;
let agentId: string;
let userId: string;

beforeAll(async () => {
  t = await buildTestApp();
  const token = await t.tokenFor(TEST_ADMIN.userName);
  api = adminApi(t, () => token);
  agentId = (
    await createAgent(t.deps.database.db, { name: "Warned agent", encryptionKey: t.deps.config.encryptionKey })
  ).gptSystemId;
  userId = (await t.createUser({ userName: "warned-user" })).userId;
});
afterAll(() => t.close());

describe("chat access policy warnings", () => {
  it("warns about an enabled policy that admits nobody or names no agent, and not otherwise", async () => {
    const nobody = await api("POST", "/chatAccessPolicies", { name: "Nobody", gptSystemIds: [agentId] });
    expect(nobody.statusCode).toBe(201);
    expect(nobody.json().warnings).toEqual([{ property: "userIds", message: ADMITS_NOBODY }]);
    expect(ADMITS_NOBODY).toBe("This policy admits nobody: it names no user, no role with holders and no group.");
    const id = nobody.json().chatAccessPolicyId;
    // Warnings belong to the save: neither the stored record nor its audit entry holds them.
    expect((await api("GET", `/chatAccessPolicies/${id}`)).json()).not.toHaveProperty("warnings");
    expect((await auditOf(t, id))[0]!.after).not.toHaveProperty("warnings");

    const [role] = await t.deps.database.db.insert(userRoles).values({ name: "Empty role" }).returning();
    const emptyRole = await api("PUT", `/chatAccessPolicies/${id}`, {
      name: "Nobody",
      gptSystemIds: [agentId],
      userRoleIds: [role!.userRoleId],
    });
    expect(emptyRole.json().warnings).toEqual([{ property: "userIds", message: ADMITS_NOBODY }]);
    await t.deps.database.db.insert(userRoleAssignments).values({ userId, userRoleId: role!.userRoleId });
    const withHolder = await api("PUT", `/chatAccessPolicies/${id}`, { name: "Somebody", gptSystemIds: [agentId] });
    expect(withHolder.statusCode).toBe(200);
    expect(withHolder.json()).not.toHaveProperty("warnings");

    const noAgent = await api("POST", "/chatAccessPolicies", { name: "No agent", userIds: [userId] });
    expect(noAgent.json().warnings).toEqual([{ property: "gptSystemIds", message: NAMES_NO_AGENT }]);
    expect(NAMES_NO_AGENT).toBe("This policy names no agent, so it changes nothing.");
    const disabled = await api("POST", "/chatAccessPolicies", { name: "Off", isEnabled: false });
    expect(disabled.json()).not.toHaveProperty("warnings");
  });
});

describe("budget warnings", () => {
  it("warns about each cap this month's usage has already reached", async () => {
    const now = new Date();
    const [other] = await t.deps.database.db.select().from(users).where(eq(users.userName, TEST_ADMIN.userName));
    await seedConversation(t.deps.database.db, {
      userId,
      gptSystemId: agentId,
      at: now.toISOString(),
      segments: [{ at: now.toISOString(), inputTokens: 1000, outputTokens: 500 }],
    });
    await seedConversation(t.deps.database.db, {
      userId: other!.userId,
      gptSystemId: agentId,
      at: now.toISOString(),
      segments: [{ at: now.toISOString(), inputTokens: 400, outputTokens: 100 }],
    });
    const month = new Intl.DateTimeFormat("en-GB", { month: "long", timeZone: "UTC" }).format(monthBounds(now).next);
    const saved = await api("PUT", "/instanceSettings/budget", {
      monthlyTokenCapInstance: 2000,
      monthlyTokenCapPerUser: 1500,
      monthlyTokenCapPerAgent: 1000,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().warnings).toEqual([
      {
        property: "monthlyTokenCapInstance",
        message: `The whole instance has already used 2,000 tokens this month, reaching this cap: every question is refused until it resets on 1 ${month}.`,
      },
      {
        property: "monthlyTokenCapPerUser",
        message: `A user has already used 1,500 tokens this month, reaching this cap: their questions are refused until it resets on 1 ${month}.`,
      },
      {
        property: "monthlyTokenCapPerAgent",
        message: `An agent has already used 2,000 tokens this month, reaching this cap: its questions are refused until it resets on 1 ${month}.`,
      },
    ]);
    const roomy = await api("PUT", "/instanceSettings/budget", {
      monthlyTokenCapInstance: 2001,
      monthlyTokenCapPerUser: 1501,
      monthlyTokenCapPerAgent: null,
    });
    expect(roomy.json()).not.toHaveProperty("warnings");
    expect(roomy.json()).toMatchObject({ monthlyTokenCapInstance: 2001, usage: { instanceTokensThisMonth: 2000 } });
    await api("PUT", "/instanceSettings/budget", {
      monthlyTokenCapInstance: null,
      monthlyTokenCapPerUser: null,
      monthlyTokenCapPerAgent: null,
    });
  });
});
