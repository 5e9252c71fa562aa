/** Admin API: brands, the audit log, instance settings tabs and the monthly token budget. */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { conversationSegments } from "../../../../src/server/db/chatSchema";
import { auditLog } from "../../../../src/server/db/schema";
import { buildTestApp, TEST_ADMIN, type TestApp } from "../../../helpers/buildTestApp";
import { createAgent } from "../../../helpers/chatFixtures";
import { adminApi, auditOf, GIF_1PX, listQuery, PNG_1PX, SVG } from "./adminTestKit";

let t: TestApp;
let adminToken: string;
let api: ReturnType<typeof adminApi>;

beforeAll(async () => {
  t = await buildTestApp();
  adminToken = await t.tokenFor(TEST_ADMIN.userName);
  api = adminApi(t, () => adminToken);
});
afterAll(() => t.close());

const publicGet = (url: string) => t.app.inject({ url: `/api/internal${url}` });

describe("brands", () => {
  it("creates, lists, changes and deletes brands, keeping exactly one default", async () => {
    const created = await api("POST", "/brands", {
      brandKey: "acme",
      name: "Acme",
      theme: { primary: "#ff0000", menu: "#111" },
      loginBackground: { main: "#222222" },
      loginAlignment: "Left",
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({
      brandKey: "acme",
      name: "Acme",
      isDefault: false,
      theme: { primary: "#ff0000", menu: "#111" },
      loginBackground: { main: "#222222" },
      loginAlignment: "Left",
      useLoginBackgroundImg: false,
      logoFileName: null,
      navigationLogoFileName: null,
      avatarFileName: null,
      splashScreenBackgroundFileName: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const invalid: [object, Record<string, string[]>][] = [
      [{ brandKey: "acme", name: "Again" }, { brandKey: ["is already used by another brand"] }],
      [{ brandKey: "bad key", name: "X" }, { brandKey: ["has an invalid format"] }],
      [
        { brandKey: "x", name: "X", theme: { primary: "red", paper: "#12345" } },
        { "theme.primary": ["has an invalid format"], "theme.paper": ["has an invalid format"] },
      ],
      [
        { brandKey: "x", name: "X", loginAlignment: "Top" },
        { loginAlignment: ["must be one of: Left, Center, Right"] },
      ],
    ];
    for (const [body, errors] of invalid)
      expect((await api("POST", "/brands", body)).json().errors, JSON.stringify(body)).toEqual(errors);

    const list = await api("GET", `/brands${listQuery({ sort: ["brandKey", "ASC"], range: [0, 9] })}`);
    expect(list.headers["content-range"]).toBe("brands 0-1/2");
    expect(list.json().map((b: { brandKey: string; isDefault: boolean }) => [b.brandKey, b.isDefault])).toEqual([
      ["acme", false],
      ["default", true],
    ]);

    expect((await api("PUT", "/brands/acme", { brandKey: "acme2", name: "Acme" })).json().errors).toEqual({
      brandKey: ["cannot be changed"],
    });
    const made = await api("PUT", "/brands/acme", {
      ...(created.json() as object),
      name: "Acme Corp",
      isDefault: true,
    });
    expect(made.json()).toMatchObject({
      name: "Acme Corp",
      isDefault: true,
      theme: { primary: "#ff0000", menu: "#111" },
    });
    expect((await api("GET", "/brands/default")).json().isDefault).toBe(false);
    expect((await publicGet("/InstanceSettings")).json().defaultBrandKey).toBe("acme");
    expect((await publicGet("/brands/default")).json()).toMatchObject({ brandKey: "acme", defaultBrandKey: "acme" });

    const unset = await api("PUT", "/brands/acme", { brandKey: "acme", name: "Acme Corp", isDefault: false });
    expect(unset.json()).toMatchObject({
      status: 409,
      detail: "One brand must stay the default: make another brand the default instead.",
    });
    expect((await api("DELETE", "/brands/acme")).json()).toMatchObject({
      status: 409,
      detail: "The default brand cannot be deleted: make another brand the default first.",
    });
    await api("PUT", "/brands/default", { brandKey: "default", name: "Default", isDefault: true });
    expect((await api("DELETE", "/brands/acme")).json().brandKey).toBe("acme");
    expect((await api("GET", "/brands/acme")).statusCode).toBe(404);
    expect((await auditOf(t, "acme")).map((e) => e.operation)).toEqual(["Delete", "Update", "Create"]);
  });

  it("stores sniffed brand images, serves them publicly and drops replaced files", async () => {
    await api("POST", "/brands", { brandKey: "pics", name: "Pics" });
    const refused = await api("POST", "/brands/pics/images/logo", { base64: SVG, mimeType: "image/png" });
    expect(refused.json().errors).toEqual({ base64: ["is not a PNG, JPEG, WebP or GIF image"] });
    const tooBig = await api("POST", "/brands/pics/images/logo", {
      base64: Buffer.alloc(2 * 1024 * 1024 + 1).toString("base64"),
      mimeType: "image/png",
    });
    expect(tooBig.json().errors).toEqual({ base64: ["must be at most 2 MiB once decoded"] });
    const png = await api("POST", "/brands/pics/images/logo", { base64: PNG_1PX, mimeType: "image/png" });
    expect(png.json().logoFileName).toBe("logo.png");
    const served = await publicGet("/brands/pics/logo.png");
    expect(served.headers["content-type"]).toBe("image/png");
    expect(served.rawPayload.equals(Buffer.from(PNG_1PX, "base64"))).toBe(true);
    expect(
      (await api("POST", "/brands/pics/images/logo", { base64: GIF_1PX, mimeType: "image/gif" })).json().logoFileName,
    ).toBe("logo.gif");
    expect((await publicGet("/brands/pics/logo.png")).statusCode).toBe(404);
    expect(
      (
        await api("POST", "/brands/pics/images/splashScreenBackground", { base64: PNG_1PX, mimeType: "image/png" })
      ).json().splashScreenBackgroundFileName,
    ).toBe("splashScreenBackground.png");
    const removed = await api("DELETE", "/brands/pics/images/logo");
    expect(removed.json()).toMatchObject({
      logoFileName: null,
      splashScreenBackgroundFileName: "splashScreenBackground.png",
    });
    expect((await publicGet("/brands/pics/logo.gif")).statusCode).toBe(404);
    expect(
      (await api("POST", "/brands/nobody/images/logo", { base64: PNG_1PX, mimeType: "image/png" })).statusCode,
    ).toBe(404);
    expect(
      (await api("POST", "/brands/pics/images/banner", { base64: PNG_1PX, mimeType: "image/png" })).statusCode,
    ).toBe(400);
  });
});

describe("audit log", () => {
  it("lists entries with filters and sorting, and reads one", async () => {
    await api("POST", "/userRoles", { name: "Audited role" });
    const list = await api(
      "GET",
      `/auditLogging${listQuery({ range: [0, 4], filter: { entityType: "UserRole", operation: "Create" } })}`,
    );
    expect(list.statusCode).toBe(200);
    expect(list.headers["content-range"]).toBe("auditLogging 0-0/1");
    const [entry] = list.json();
    expect(entry).toEqual({
      auditLogId: expect.any(String),
      occurredAt: expect.any(String),
      actorUserId: expect.any(String),
      actorDisplayName: "Administrator",
      entityType: "UserRole",
      entityId: expect.any(String),
      operation: "Create",
      before: null,
      after: expect.objectContaining({ name: "Audited role", actions: [] }),
      requestId: expect.any(String),
    });
    expect((await api("GET", `/auditLogging/${entry.auditLogId}`)).json()).toEqual(entry);
    expect((await api("GET", "/auditLogging/00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
    const today = new Date().toISOString().slice(0, 10);
    const byActor = await api(
      "GET",
      `/auditLogging${listQuery({ filter: { actor: entry.actorUserId, from: today, to: today } })}`,
    );
    expect(byActor.json().length).toBeGreaterThan(1);
    const newest = byActor.json().map((e: { occurredAt: string }) => e.occurredAt);
    expect([...newest].sort().reverse()).toEqual(newest);
    expect(
      (await api("GET", `/auditLogging${listQuery({ filter: { to: "1999-12-31" } })}`)).headers["content-range"],
    ).toBe("auditLogging */0");
    expect(
      (await api("GET", `/auditLogging${listQuery({ filter: { from: "yesterday-ish" } })}`)).json().errors,
    ).toEqual({ "filter.from": ["must be a date or date-time"] });
    const readOnly = await t.app.inject({
      method: "DELETE",
      url: `/api/internal/admin/auditLogging/${entry.auditLogId}`,
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(readOnly.statusCode).toBe(404);
  });
});

describe("instance settings", () => {
  it("keeps API keys write-only and masked, and summarises the connections", async () => {
    const key = "bing-secret-key-98765";
    const saved = await api("PUT", "/instanceSettings/apiKeys", {
      bingSearchKey: key,
      claudeKey: "sk-ant-claude-key-4321",
    });
    expect(saved.json()).toMatchObject({
      bingSearchKeyMasked: "bin…8765",
      claudeKeyMasked: "sk-…4321",
      connections: [],
    });
    const kept = await api("PUT", "/instanceSettings/apiKeys", { ...(saved.json() as object), claudeKey: "" });
    expect(kept.json()).toMatchObject({ bingSearchKeyMasked: "bin…8765", claudeKeyMasked: "" });
    await api("POST", "/Connections", {
      name: "Anthropic",
      providerType: "anthropic",
      apiKey: "sk-ant-connection-0000",
    });
    const read = await api("GET", "/instanceSettings/apiKeys");
    expect(read.json().connections).toEqual([expect.objectContaining({ name: "Anthropic", apiKeyMasked: "sk-…0000" })]);
    for (const body of [saved.body, kept.body, read.body, (await publicGet("/InstanceSettings")).body])
      expect(body).not.toContain(key);
    const entries = await auditOf(t, "apiKeys");
    expect(entries[1]!.after).toMatchObject({ bingSearchKey: "[redacted]", claudeKey: "[redacted]" });
    expect(entries[0]!.after).toMatchObject({ claudeKey: "" });
    expect(JSON.stringify(entries)).not.toContain(key);
  });

  it("updates branding and agents tabs, reflected by the public instance settings", async () => {
    const branding = await api("PUT", "/instanceSettings/branding", {
      name: "Acme Chat",
      organizationName: "Acme",
      defaultBrandKey: "default",
      releaseNotesUrl: "https://example.com/notes",
    });
    expect(branding.json()).toEqual({
      name: "Acme Chat",
      organizationName: "Acme",
      defaultBrandKey: "default",
      releaseNotesUrl: "https://example.com/notes",
    });
    expect(
      (
        await api("PUT", "/instanceSettings/branding", {
          name: "  ",
          organizationName: "",
          defaultBrandKey: "nope",
          releaseNotesUrl: "javascript:alert(1)",
        })
      ).json().errors,
    ).toEqual({
      name: ["is required"],
      releaseNotesUrl: ["must be an http or https URL"],
      defaultBrandKey: ["is not a brand"],
    });
    const entra = { clientId: "client-1", tenantId: "tenant-1", instance: "https://login.microsoftonline.com/" };
    expect((await api("PUT", "/instanceSettings/agents", { entraIdSettings: entra })).json()).toEqual({
      entraIdSettings: entra,
    });
    expect(
      (
        await api("PUT", "/instanceSettings/agents", { entraIdSettings: { ...entra, instance: "http://insecure" } })
      ).json().errors,
    ).toEqual({ "entraIdSettings.instance": ["must be an https URL"] });
    expect((await publicGet("/InstanceSettings")).json()).toEqual({
      name: "Acme Chat",
      organizationName: "Acme",
      entraIdSettings: entra,
      defaultBrandKey: "default",
      releaseNotesUrl: "https://example.com/notes",
    });
    expect((await api("GET", "/instanceSettings/agents")).json()).toEqual({ entraIdSettings: entra });
  });

  it("stores HIPAA settings and mirrors personal agents to the feature flag", async () => {
    expect((await api("GET", "/instanceSettings/hipaa")).json()).toEqual({ enabled: false, retentionDays: null });
    expect((await api("PUT", "/instanceSettings/hipaa", { enabled: true, retentionDays: 90 })).json()).toEqual({
      enabled: true,
      retentionDays: 90,
    });
    expect((await api("PUT", "/instanceSettings/hipaa", { enabled: true, retentionDays: 0 })).json().errors).toEqual({
      retentionDays: ["must be at least 1"],
    });
    expect((await api("GET", "/instanceSettings/personalAgents")).json()).toEqual({ allowUserCreatedGptSystems: true });
    expect(
      (await api("PUT", "/instanceSettings/personalAgents", { allowUserCreatedGptSystems: false })).json(),
    ).toEqual({ allowUserCreatedGptSystems: false });
    const flags = (await publicGet("/features/List")).json() as { name: string; enabled: boolean }[];
    expect(flags.find((f) => f.name === "AllowUserCreatedGptSystems")).toEqual({
      name: "AllowUserCreatedGptSystems",
      enabled: false,
    });
    expect((await auditOf(t, "personalAgents"))[0]).toMatchObject({
      before: { allowUserCreatedGptSystems: true },
      after: { allowUserCreatedGptSystems: false },
    });
  });

  it("refuses questions over a monthly cap with 429 without storing them, and reports usage", async () => {
    const db = t.deps.database.db;
    const { gptSystemId } = await createAgent(db, { name: "Budgeted", encryptionKey: t.deps.config.encryptionKey });
    const spender = await t.createUser({ userName: "spender", roles: ["user"] });
    const token = await t.tokenFor(spender);
    const ask = (payload: object, url = `/userConversations/byGptSystemId/${gptSystemId}`) =>
      t.app.inject({
        method: "POST",
        url: `/api/internal${url}`,
        headers: { authorization: `Bearer ${token}` },
        payload,
      });
    const first = await ask({ question: "Spend" });
    expect(first.statusCode).toBe(200);
    const [segment] = await db.select().from(conversationSegments).where(eq(conversationSegments.question, "Spend"));
    await db
      .update(conversationSegments)
      .set({ inputTokens: 9000, outputTokens: 3000 })
      .where(eq(conversationSegments.conversationSegmentId, segment!.conversationSegmentId));

    const budget = await api("PUT", "/instanceSettings/budget", {
      monthlyTokenCapPerUser: 10000,
      monthlyTokenCapInstance: null,
    });
    expect(budget.json()).toMatchObject({
      monthlyTokenCapInstance: null,
      monthlyTokenCapPerUser: 10000,
      monthlyTokenCapPerAgent: null,
    });
    expect(budget.json().usage.instanceTokensThisMonth).toBeGreaterThanOrEqual(12000);
    expect((await api("PUT", "/instanceSettings/budget", { monthlyTokenCapPerAgent: 0 })).json().errors).toEqual({
      monthlyTokenCapPerAgent: ["must be at least 1"],
    });

    const now = new Date();
    const resets = new Intl.DateTimeFormat("en-GB", { month: "long", timeZone: "UTC" }).format(
      new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)),
    );
    const refused = await ask({ question: "One more" });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers["content-type"]).toBe("application/problem+json; charset=utf-8");
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({
      status: 429,
      title: "Budget exceeded",
      detail: `The monthly token budget for you has been used up (12,000 of 10,000 tokens). It resets on 1 ${resets}.`,
    });
    const conversationId = segment!.conversationId;
    expect((await ask({ question: "Follow-up" }, `/userConversations/${conversationId}/segments`)).statusCode).toBe(
      429,
    );
    expect(await db.select().from(conversationSegments).where(eq(conversationSegments.question, "One more"))).toEqual(
      [],
    );
    expect(await db.select().from(conversationSegments).where(eq(conversationSegments.question, "Follow-up"))).toEqual(
      [],
    );
    // Others are not limited by the per-user cap, but the per-agent cap covers everyone on that agent.
    const other = await t.createUser({ userName: "thrifty", roles: ["user"] });
    const otherAsk = async () =>
      t.app.inject({
        method: "POST",
        url: `/api/internal/userConversations/byGptSystemId/${gptSystemId}`,
        headers: { authorization: `Bearer ${await t.tokenFor(other)}` },
        payload: { question: "Mine" },
      });
    expect((await otherAsk()).statusCode).toBe(200);
    await api("PUT", "/instanceSettings/budget", { monthlyTokenCapPerUser: null, monthlyTokenCapPerAgent: 5000 });
    expect((await otherAsk()).json().detail).toMatch(
      /^The monthly token budget for this agent has been used up \(12,\d{3} of 5,000 tokens\)\./,
    );
    await api("PUT", "/instanceSettings/budget", { monthlyTokenCapPerAgent: null });
    expect((await ask({ question: "Free again" })).statusCode).toBe(200);
    expect(await db.select().from(auditLog).where(eq(auditLog.entityId, "budget"))).toHaveLength(3);
  });
});
