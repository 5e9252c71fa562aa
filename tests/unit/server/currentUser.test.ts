import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contractActions } from "../../../src/server/http/contract";
import { userRoles, users } from "../../../src/server/db/schema";
import { buildTestApp, type TestApp } from "../../helpers/buildTestApp";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function get(url: string, token: string) {
  return t.app.inject({ method: "GET", url: `/api/internal${url}`, headers: { authorization: `Bearer ${token}` } });
}

describe("getCurrentUserDetails", () => {
  it("answers the signed-in user's details", async () => {
    const user = await t.createUser({ userName: "ada", displayName: "Ada Lovelace", email: "ada@example.com" });
    await t.deps.database.db
      .update(users)
      .set({ isBannedFromSharingAgents: true })
      .where(eq(users.userId, user.userId));
    const response = await get("/CurrentUser/details", await t.tokenFor(user));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      userId: user.userId,
      userName: "ada",
      displayName: "Ada Lovelace",
      email: "ada@example.com",
      identityProvider: "local",
      personalAgentSettings: { isBannedFromCreatingAgents: false, isBannedFromSharingAgents: true },
      guidelinesDocumentConsent: [],
    });
  });

  it("answers a null email for a user without one", async () => {
    const response = await get("/CurrentUser/details", await t.tokenFor("admin"));
    expect(response.json()).toMatchObject({ userName: "admin", displayName: "Administrator", email: null });
  });
});

describe("getCurrentUserRolesWithResolvedActions", () => {
  it("answers the administrator's roles with every action, sorted", async () => {
    const response = await get("/CurrentUser/UserRolesWithResolvedActions", await t.tokenFor("admin"));
    expect(response.statusCode).toBe(200);
    const body = response.json();
    const [adminRole] = await t.deps.database.db.select().from(userRoles).where(eq(userRoles.name, "admin"));
    expect(body).toEqual({
      roles: [{ userRoleId: adminRole!.userRoleId, name: "admin", actions: contractActions() }],
      resolvedActions: [...contractActions()].sort(),
    });
  });

  it("answers roles sorted by name and the union of their actions without duplicates", async () => {
    const db = t.deps.database.db;
    const [zeta] = await db
      .insert(userRoles)
      .values({ name: "zeta", actions: ["UserRead", "BrandsRead"] })
      .returning();
    const user = await t.createUser({
      userName: "grace",
      roles: ["zeta", "user"],
      actions: ["BrandsRead", "AnalyticsRead"],
    });
    const response = await get("/CurrentUser/UserRolesWithResolvedActions", await t.tokenFor(user));
    const body = response.json();
    expect(body.roles.map((r: { name: string }) => r.name)).toEqual(["grace-actions", "user", "zeta"]);
    expect(body.roles[2]).toEqual({ userRoleId: zeta!.userRoleId, name: "zeta", actions: ["UserRead", "BrandsRead"] });
    expect(body.resolvedActions).toEqual(["AnalyticsRead", "BrandsRead", "GptSystemsRead", "UserRead"]);
  });

  it("answers empty lists for a user without roles", async () => {
    const user = await t.createUser({ userName: "no-role-user" });
    const response = await get("/CurrentUser/UserRolesWithResolvedActions", await t.tokenFor(user));
    expect(response.json()).toEqual({ roles: [], resolvedActions: [] });
  });
});
