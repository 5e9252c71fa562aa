/** Admin API, access families: user roles, users (last-admin rule), chat access policies enforced in the chat. */
import { eq } from "drizzle-orm";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { userGroups } from "../../../../src/server/db/adminSchema";
import { userRoles, users } from "../../../../src/server/db/schema";
import { buildTestApp, TEST_ADMIN, type TestApp } from "../../../helpers/buildTestApp";
import { createAgent } from "../../../helpers/chatFixtures";
import { adminApi, auditOf, listQuery } from "./adminTestKit";

let t: TestApp;
let adminToken: string;
let api: ReturnType<typeof adminApi>;
let adminRoleId: string;
let userRoleId: string;
const missing = "00000000-0000-4000-8000-000000000000";

beforeAll(async () => {
  t = await buildTestApp();
  adminToken = await t.tokenFor(TEST_ADMIN.userName);
  api = adminApi(t, () => adminToken);
  const roles = await t.deps.database.db.select().from(userRoles);
  adminRoleId = roles.find((r) => r.name === "admin")!.userRoleId;
  userRoleId = roles.find((r) => r.name === "user")!.userRoleId;
});
afterAll(() => t.close());

const signIn = (userName: string, password: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/internal/authorization/local/GenerateToken",
    payload: { userName, password },
  });

describe("user roles", () => {
  it("creates, lists, changes and deletes roles, with audit entries", async () => {
    const created = await api("POST", "/userRoles", {
      name: "Editors",
      description: "Edit agents",
      actions: ["GptSystemsRead", "GptSystemsWrite"],
    });
    expect(created.statusCode).toBe(201);
    const role = created.json();
    expect(role).toEqual({
      userRoleId: expect.any(String),
      name: "Editors",
      description: "Edit agents",
      actions: ["GptSystemsRead", "GptSystemsWrite"],
      isBuiltIn: false,
      userCount: 0,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const list = await api(
      "GET",
      `/userRoles${listQuery({ sort: ["name", "ASC"], range: [0, 24], filter: { isBuiltIn: true } })}`,
    );
    expect(list.headers["content-range"]).toBe("userRoles 0-1/2");
    expect(list.json().map((r: { name: string }) => r.name)).toEqual(["admin", "user"]);
    expect((await api("POST", "/userRoles", { name: "EDITORS" })).json().errors).toEqual({
      name: ["is already used by another role"],
    });
    expect((await api("POST", "/userRoles", { name: "X", actions: ["Fly"] })).json().errors).toEqual({
      "actions.0": [expect.stringMatching(/^must be one of: AnalyticsRead, /)],
    });
    const changed = await api("PUT", `/userRoles/${role.userRoleId}`, { ...role, actions: ["GptSystemsRead"] });
    expect(changed.json()).toMatchObject({ name: "Editors", actions: ["GptSystemsRead"] });
    expect((await api("DELETE", `/userRoles/${role.userRoleId}`)).json().name).toBe("Editors");
    expect((await api("GET", `/userRoles/${role.userRoleId}`)).statusCode).toBe(404);
    expect((await auditOf(t, role.userRoleId)).map((e) => e.operation)).toEqual(["Delete", "Update", "Create"]);
  });

  it("protects the built-in roles", async () => {
    const editAdmin = await api("PUT", `/userRoles/${adminRoleId}`, { name: "admin", actions: [] });
    expect(editAdmin.statusCode).toBe(409);
    expect(editAdmin.json().detail).toBe("The built-in admin role always holds every action and cannot be changed.");
    expect((await api("DELETE", `/userRoles/${adminRoleId}`)).json()).toMatchObject({
      status: 409,
      detail: "The built-in admin role cannot be deleted.",
    });
    expect((await api("DELETE", `/userRoles/${userRoleId}`)).json()).toMatchObject({
      status: 409,
      detail: "The built-in user role cannot be deleted.",
    });
    expect((await api("PUT", `/userRoles/${userRoleId}`, { name: "members" })).json().errors).toEqual({
      name: ["of a built-in role cannot be changed"],
    });
    const widened = await api("PUT", `/userRoles/${userRoleId}`, {
      name: "user",
      actions: ["GptSystemsRead", "BrandsRead"],
    });
    expect(widened.json().actions).toEqual(["GptSystemsRead", "BrandsRead"]);
    await api("PUT", `/userRoles/${userRoleId}`, { name: "user", actions: ["GptSystemsRead"] });
  });
});

describe("users", () => {
  it("creates a local user who can sign in, filters and updates users, and never returns or logs the password", async () => {
    const password = "a long enough secret";
    const created = await api("POST", "/users", {
      userName: "jane",
      displayName: "Jane Doe",
      email: "jane@example.com",
      password,
    });
    expect(created.statusCode).toBe(201);
    const jane = created.json();
    expect(jane).toEqual({
      userId: expect.any(String),
      userName: "jane",
      displayName: "Jane Doe",
      email: "jane@example.com",
      isDisabled: false,
      userRoleIds: [userRoleId],
      isBannedFromCreatingAgents: false,
      isBannedFromSharingAgents: false,
      identityProviders: ["local"],
      hasPassword: true,
      lastSignInAt: null,
      createdAt: expect.any(String),
    });
    expect((await signIn("jane", password)).statusCode).toBe(200);
    const entries = await auditOf(t, jane.userId);
    expect(entries[0]!.after).toMatchObject({ password: "[redacted]" });
    expect(JSON.stringify(entries)).not.toContain(password);
    expect(JSON.stringify(entries)).not.toContain("scrypt$");

    const invalid: [object, Record<string, string[]>][] = [
      [{ userName: "jane", displayName: "Again", password }, { userName: ["is already taken"] }],
      [{ userName: "bob", displayName: "Bob", password: "short" }, { password: ["must be at least 12 characters"] }],
      [{ userName: "bob", displayName: "Bob" }, { password: ["is required for a new local user"] }],
      [
        { userName: "bob smith", displayName: "Bob", email: "nope", password },
        { userName: ["has an invalid format"], email: ["must be a valid email"] },
      ],
      [
        { userName: "bob", displayName: "Bob", password, userRoleIds: [missing] },
        { userRoleIds: ["names a role that does not exist"] },
      ],
    ];
    for (const [body, errors] of invalid)
      expect((await api("POST", "/users", body)).json().errors, JSON.stringify(body)).toEqual(errors);

    const found = await api("GET", `/users${listQuery({ filter: { q: "DOE", role: userRoleId } })}`);
    expect(found.headers["content-range"]).toBe("users 0-0/1");
    expect(found.json()[0].userId).toBe(jane.userId);
    const admins = await api("GET", `/users${listQuery({ filter: { role: adminRoleId } })}`);
    expect(admins.json().map((u: { userName: string }) => u.userName)).toEqual(["admin"]);

    const updated = await api("PUT", `/users/${jane.userId}`, {
      ...jane,
      displayName: "Jane D.",
      isBannedFromCreatingAgents: true,
      userRoleIds: [userRoleId, adminRoleId],
      password: "another long secret",
    });
    expect(updated.json()).toMatchObject({
      displayName: "Jane D.",
      isBannedFromCreatingAgents: true,
      userRoleIds: [adminRoleId, userRoleId].sort(),
    });
    expect(updated.body).not.toContain("another long secret");
    expect((await signIn("jane", password)).statusCode).toBe(401);
    expect((await signIn("jane", "another long secret")).statusCode).toBe(200);
    expect((await api("PUT", `/users/${jane.userId}`, { userName: "janet", displayName: "J" })).json().errors).toEqual({
      userName: ["cannot be changed"],
    });
    const janeToken = await t.tokenFor({ userId: jane.userId, userName: "jane", displayName: "Jane D." });
    const profile = await t.app.inject({
      url: "/api/internal/CurrentUser/details",
      headers: { authorization: `Bearer ${janeToken}` },
    });
    expect(profile.json().personalAgentSettings).toEqual({
      isBannedFromCreatingAgents: true,
      isBannedFromSharingAgents: false,
    });

    expect((await api("DELETE", `/users/${jane.userId}`)).statusCode).toBe(200);
    expect((await api("GET", `/users/${jane.userId}`)).statusCode).toBe(404);
  });

  it("ends the user's sessions when an administrator sets a new password, and an administrator's own other sessions", async () => {
    const kim = await t.createUser({ userName: "kim", displayName: "Kim", actions: ["UserRolePermissionsWrite"] });
    const issuedBefore = (user: { userId: string; userName: string }) =>
      new SignJWT({ version: "2.2512.3822.0", preferred_username: user.userName, idp: "local" })
        .setProtectedHeader({ alg: "HS256" })
        .setSubject(user.userId)
        .setIssuer("agent-chat")
        .setAudience("agent-chat")
        .setIssuedAt(Math.floor(Date.now() / 1000) - 60)
        .setExpirationTime("1h")
        .sign(new TextEncoder().encode(t.deps.config.tokenSecret));
    const details = (token: string) =>
      t.app.inject({ url: "/api/internal/CurrentUser/details", headers: { authorization: `Bearer ${token}` } });
    const kimsOldSession = await issuedBefore(kim);
    expect((await details(kimsOldSession)).statusCode).toBe(200);
    const justBefore = await t.tokenFor(kim); // most likely in the same second as the new password below

    const changed = await api("PUT", `/users/${kim.userId}`, {
      userName: "kim",
      displayName: "Kim",
      isDisabled: false,
    });
    expect(changed.statusCode).toBe(200);
    expect((await details(kimsOldSession)).statusCode).toBe(200); // no new password: the sessions go on

    expect(
      (await api("PUT", `/users/${kim.userId}`, { ...changed.json<object>(), password: "a new long secret" }))
        .statusCode,
    ).toBe(200);
    expect((await details(kimsOldSession)).statusCode).toBe(401);
    expect((await details(justBefore)).statusCode).toBe(401);
    const signedIn = await signIn("kim", "a new long secret");
    expect((await details(signedIn.json().n1AIToken)).statusCode).toBe(200);

    // Kim sets her own password: her other sessions end, older or newer, and the one she does it from goes on.
    const otherSession = await issuedBefore(kim);
    await t.deps.database.db.update(users).set({ tokensValidAfter: null }).where(eq(users.userId, kim.userId));
    expect((await details(otherSession)).statusCode).toBe(200);
    const newerSession = await t.tokenFor(kim);
    const own = await api(
      "PUT",
      `/users/${kim.userId}`,
      { userName: "kim", displayName: "Kim", password: "her own long secret" },
      signedIn.json().n1AIToken,
    );
    expect(own.statusCode).toBe(200);
    expect((await details(otherSession)).statusCode).toBe(401);
    expect((await details(newerSession)).statusCode).toBe(401);
    expect((await details(signedIn.json().n1AIToken)).statusCode).toBe(200);
  });

  it("refuses deleting yourself and removing the last active administrator", async () => {
    const [admin] = await t.deps.database.db.select().from(users).where(eq(users.userName, TEST_ADMIN.userName));
    const self = await api("DELETE", `/users/${admin!.userId}`);
    expect(self.json()).toMatchObject({ status: 409, detail: "You cannot delete your own account." });

    const deputy = await t.createUser({ userName: "deputy", displayName: "Deputy", roles: ["admin"] });
    const deputyToken = await t.tokenFor(deputy);
    const last = "Administrator is the last active holder of the admin role: give the role to someone else first.";
    await api("PUT", `/users/${deputy.userId}`, { userName: "deputy", displayName: "Deputy", isDisabled: true });
    expect((await api("DELETE", `/users/${admin!.userId}`, undefined, deputyToken)).statusCode).toBe(401); // disabled: its token no longer works
    await t.deps.database.db.update(users).set({ isDisabled: false }).where(eq(users.userId, deputy.userId));
    expect(
      (
        await api("PUT", `/users/${deputy.userId}`, {
          userName: "deputy",
          displayName: "Deputy",
          userRoleIds: [userRoleId],
        })
      ).statusCode,
    ).toBe(200);
    const demote = await api(
      "PUT",
      `/users/${admin!.userId}`,
      { userName: "admin", displayName: "Administrator", userRoleIds: [userRoleId] },
      adminToken,
    );
    expect(demote.json()).toMatchObject({ status: 409, detail: last });
    const disable = await api("PUT", `/users/${admin!.userId}`, {
      userName: "admin",
      displayName: "Administrator",
      isDisabled: true,
    });
    expect(disable.json().detail).toBe(last);
    const anotherAdmin = await t.createUser({
      userName: "root2",
      displayName: "Root Two",
      actions: ["UserRolePermissionsWrite"],
    });
    const byOther = await api("DELETE", `/users/${admin!.userId}`, undefined, await t.tokenFor(anotherAdmin));
    expect(byOther.json()).toMatchObject({ status: 409, detail: last });
    expect((await api("GET", `/users/${admin!.userId}`)).json().isDisabled).toBe(false);
  });
});

describe("chat access policies", () => {
  it("hides a covered agent from users the policy does not admit, in lists and for new conversations", async () => {
    const db = t.deps.database.db;
    const { gptSystemId: restricted } = await createAgent(db, {
      name: "Restricted",
      encryptionKey: t.deps.config.encryptionKey,
    });
    const { gptSystemId: open } = await createAgent(db, { name: "Open", encryptionKey: t.deps.config.encryptionKey });
    const insider = await t.createUser({ userName: "insider", roles: ["user"] });
    const outsider = await t.createUser({ userName: "outsider", roles: ["user"] });
    const grouped = await t.createUser({ userName: "grouped", roles: ["user"] });
    await db.insert(userGroups).values({ userId: grouped.userId, groupId: "grp-finance", displayName: "Finance" });
    const chat = async (user: typeof insider, method: "GET" | "POST", url: string, payload?: object) =>
      t.app.inject({
        method,
        url: `/api/internal${url}`,
        headers: { authorization: `Bearer ${await t.tokenFor(user)}` },
        ...(payload ? { payload } : {}),
      });
    const available = async (user: typeof insider) =>
      ((await chat(user, "GET", "/CurrentUser/AvailableGptSystems")).json() as { gptSystemId: string }[]).map(
        (a) => a.gptSystemId,
      );

    const created = await api("POST", "/chatAccessPolicies", {
      name: "Finance only",
      gptSystemIds: [restricted],
      userIds: [insider.userId],
      groupIds: ["grp-finance"],
    });
    expect(created.statusCode).toBe(201);
    const policy = created.json();
    expect(policy).toEqual({
      chatAccessPolicyId: expect.any(String),
      name: "Finance only",
      description: "",
      isEnabled: true,
      gptSystemIds: [restricted],
      userIds: [insider.userId],
      userRoleIds: [],
      groupIds: ["grp-finance"],
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(await available(insider)).toEqual(expect.arrayContaining([restricted, open]));
    expect(await available(grouped)).toEqual(expect.arrayContaining([restricted, open]));
    expect(await available(outsider)).toContain(open);
    expect(await available(outsider)).not.toContain(restricted);
    expect(await available(await t.createUser({ userName: "other-admin", roles: ["admin"] }))).not.toContain(
      restricted,
    );
    const directory = (await chat(outsider, "GET", "/gptSystems/directory/System")).json() as { gptSystemId: string }[];
    expect(directory.map((a) => a.gptSystemId)).not.toContain(restricted);
    const refused = await chat(outsider, "POST", `/userConversations/byGptSystemId/${restricted}`, {
      question: "Let me in",
    });
    expect(refused.statusCode).toBe(404);
    expect(
      (await chat(insider, "POST", `/userConversations/byGptSystemId/${restricted}`, { question: "Hello" })).statusCode,
    ).toBe(200);

    const byRole = await api("PUT", `/chatAccessPolicies/${policy.chatAccessPolicyId}`, {
      ...policy,
      userIds: [],
      groupIds: [],
      userRoleIds: [userRoleId],
    });
    expect(byRole.json()).toMatchObject({ userIds: [], groupIds: [], userRoleIds: [userRoleId] });
    expect(await available(outsider)).toContain(restricted);
    await api("PUT", `/chatAccessPolicies/${policy.chatAccessPolicyId}`, {
      name: "Finance only",
      userRoleIds: [],
      isEnabled: false,
      userIds: [insider.userId],
    });
    expect(await available(outsider)).toContain(restricted); // disabled: covers nothing
    await api("PUT", `/chatAccessPolicies/${policy.chatAccessPolicyId}`, { name: "Finance only", isEnabled: true });
    expect(await available(outsider)).not.toContain(restricted);

    const listed = await api("GET", `/chatAccessPolicies${listQuery({ filter: { gptSystemId: restricted } })}`);
    expect(listed.headers["content-range"]).toBe("chatAccessPolicies 0-0/1");
    expect(
      (
        await api("POST", "/chatAccessPolicies", {
          name: "Bad",
          gptSystemIds: [missing],
          userIds: [missing],
          userRoleIds: [missing],
          groupIds: [" "],
        })
      ).json().errors,
    ).toEqual({
      gptSystemIds: ["names an agent that does not exist"],
      userIds: ["names a user that does not exist"],
      userRoleIds: ["names a role that does not exist"],
      groupIds: ["must not contain blank group ids"],
    });
    expect((await api("DELETE", `/chatAccessPolicies/${policy.chatAccessPolicyId}`)).statusCode).toBe(200);
    expect(await available(outsider)).toContain(restricted);
    expect((await auditOf(t, policy.chatAccessPolicyId)).map((e) => e.operation)).toEqual([
      "Delete",
      "Update",
      "Update",
      "Update",
      "Create",
    ]);
    expect((await api("GET", `/chatAccessPolicies/${policy.chatAccessPolicyId}`)).statusCode).toBe(404);
  });
});
