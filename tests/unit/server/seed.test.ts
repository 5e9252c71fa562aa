import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyPassword } from "../../../src/server/auth/password";
import type { Db } from "../../../src/server/db/client";
import * as schema from "../../../src/server/db/schema";
import { contractActions } from "../../../src/server/http/contract";
import { seed } from "../../../src/server/seed";
import { buildTestApp, TEST_ADMIN, type TestApp } from "../../helpers/buildTestApp";

let t: TestApp;
let db: Db;
beforeAll(async () => {
  t = await buildTestApp();
  db = t.deps.database.db;
});
afterAll(() => t.close());

async function counts() {
  const tables = {
    users: schema.users,
    identities: schema.identities,
    userRoles: schema.userRoles,
    userRoleAssignments: schema.userRoleAssignments,
    instanceSettings: schema.instanceSettings,
    featureFlags: schema.featureFlags,
    brands: schema.brands,
    brandFiles: schema.brandFiles,
  };
  const result: Record<string, number> = {};
  for (const [name, table] of Object.entries(tables))
    result[name] = (await db.select({ n: count() }).from(table))[0]!.n;
  return result;
}

describe("seed", () => {
  it("creates the built-in data once", async () => {
    expect(await counts()).toEqual({
      users: 1,
      identities: 1,
      userRoles: 2,
      userRoleAssignments: 1,
      instanceSettings: 1,
      featureFlags: 2,
      brands: 1,
      brandFiles: 2,
    });
    const roles = await db.select().from(schema.userRoles).orderBy(schema.userRoles.name);
    expect(roles.map((r) => [r.name, r.actions, r.isBuiltIn])).toEqual([
      ["admin", contractActions(), true],
      ["user", ["GptSystemsRead"], true],
    ]);
    const [identity] = await db.select().from(schema.identities);
    expect(identity).toMatchObject({ provider: "local", subject: TEST_ADMIN.userName });
    const [admin] = await db.select().from(schema.users);
    expect(admin).toMatchObject({ userName: TEST_ADMIN.userName, displayName: "Administrator", isDisabled: false });
    expect(await verifyPassword(TEST_ADMIN.password, admin!.passwordHash!)).toBe(true);
    const files = await db.select().from(schema.brandFiles).orderBy(schema.brandFiles.fileName);
    expect(files.map((f) => [f.brandKey, f.fileName, f.mimeType])).toEqual([
      ["default", "avatar.svg", "image/svg+xml"],
      ["default", "logo.svg", "image/svg+xml"],
    ]);
    expect(Buffer.from(files[1]!.content, "base64").toString()).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  });

  it("changes nothing when run again, and returns no password", async () => {
    const before = await counts();
    expect(await seed(db, { adminUserName: "someone-else", adminPassword: undefined })).toEqual({
      generatedAdminPassword: null,
    });
    expect(await counts()).toEqual(before);
  });

  it("keeps administrators' changes to the user role and settings", async () => {
    await db
      .update(schema.userRoles)
      .set({ actions: ["GptSystemsRead", "BrandsRead"] })
      .where(eq(schema.userRoles.name, "user"));
    await db.update(schema.featureFlags).set({ enabled: false }).where(eq(schema.featureFlags.name, "ShowFooter"));
    await seed(db, { adminUserName: "admin", adminPassword: undefined });
    const [userRole] = await db.select().from(schema.userRoles).where(eq(schema.userRoles.name, "user"));
    expect(userRole!.actions).toEqual(["GptSystemsRead", "BrandsRead"]);
    const [flag] = await db.select().from(schema.featureFlags).where(eq(schema.featureFlags.name, "ShowFooter"));
    expect(flag!.enabled).toBe(false);
  });

  it("gives the admin role every action again, e.g. after the contract gained one", async () => {
    await db
      .update(schema.userRoles)
      .set({ actions: ["UserRead"] })
      .where(eq(schema.userRoles.name, "admin"));
    await seed(db, { adminUserName: "admin", adminPassword: undefined });
    const [adminRole] = await db.select().from(schema.userRoles).where(eq(schema.userRoles.name, "admin"));
    expect(adminRole!.actions).toEqual(contractActions());
  });

  it("generates, returns once and stores the administrator's password when none is configured", async () => {
    await db.delete(schema.users);
    const { generatedAdminPassword } = await seed(db, { adminUserName: "root", adminPassword: undefined });
    expect(generatedAdminPassword).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const [root] = await db.select().from(schema.users);
    expect(root!.userName).toBe("root");
    expect(await verifyPassword(generatedAdminPassword!, root!.passwordHash!)).toBe(true);
    const assigned = await db
      .select({ name: schema.userRoles.name })
      .from(schema.userRoleAssignments)
      .innerJoin(schema.userRoles, eq(schema.userRoles.userRoleId, schema.userRoleAssignments.userRoleId))
      .where(eq(schema.userRoleAssignments.userId, root!.userId));
    expect(assigned).toEqual([{ name: "admin" }]);
    expect(await seed(db, { adminUserName: "root", adminPassword: undefined })).toEqual({
      generatedAdminPassword: null,
    });
  });

  it("does not return a configured password", async () => {
    await db.delete(schema.users);
    expect(await seed(db, { adminUserName: "admin", adminPassword: TEST_ADMIN.password })).toEqual({
      generatedAdminPassword: null,
    });
    expect((await counts()).users).toBe(1);
  });
});
