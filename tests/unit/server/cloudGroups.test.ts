/**
 * Identity-provider groups: Microsoft Graph's groups through a local fake (token
 * endpoint + 3 pages chained by @odata.nextLink), and the groups claim stored at
 * Entra ID sign-in (replaced each time).
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { userGroups } from "../../../src/server/db/adminSchema";
import { directoryGroups } from "../../../src/server/features/cloudGroups/groupDirectory";
import { identities, instanceSettings } from "../../../src/server/db/schema";
import { PUBLIC_SETTINGS_KEY } from "../../../src/server/seed";
import { buildTestApp, TEST_ADMIN, type TestApp } from "../../helpers/buildTestApp";
import { startTestIdentityProvider, type TestIdentityProvider } from "./authTestIdentityProvider";

const TENANT_ID = "contoso-tenant";
let graph: Server;
let graphUrl: string;
const requests: { url: string; authorization?: string; body?: string }[] = [];
let failGroups = false;

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => resolve(body));
  });

/** Three pages of groups, out of order, so that sorting is visible. */
const pages: Record<string, { value: object[]; next?: string }> = {
  "/v1.0/groups?$select=id,displayName,description&$top=999": {
    value: [{ id: "g-sales", displayName: "Sales", description: "Sales team" }],
    next: "/v1.0/groups?$skiptoken=page2",
  },
  "/v1.0/groups?$skiptoken=page2": {
    value: [{ id: "g-finance", displayName: "Finance", description: null }],
    next: "/v1.0/groups?$skiptoken=page3",
  },
  "/v1.0/groups?$skiptoken=page3": { value: [{ id: "g-admins", displayName: "admins", description: "Admins" }] },
  "/v1.0/users/oid-overage/transitiveMemberOf?$select=id,displayName,description&$top=999": {
    value: [
      { "@odata.type": "#microsoft.graph.directoryRole", id: "role-1", displayName: "Global Reader" },
      { "@odata.type": "#microsoft.graph.group", id: "g-finance", displayName: "Finance", description: "" },
    ],
  },
};

let idp: TestIdentityProvider;
let t: TestApp;
beforeAll(async () => {
  graph = createServer(async (req, res) => {
    const body = await readBody(req);
    requests.push({ url: req.url!, authorization: req.headers.authorization, body });
    res.setHeader("content-type", "application/json");
    if (req.url === "/token") return res.end(JSON.stringify({ access_token: "graph-token", expires_in: 3600 }));
    const page = pages[decodeURIComponent(req.url!)];
    if (failGroups || !page || req.headers.authorization !== "Bearer graph-token") {
      res.statusCode = failGroups ? 503 : 404;
      return res.end("{}");
    }
    res.end(
      JSON.stringify({ value: page.value, ...(page.next ? { "@odata.nextLink": `${graphUrl}${page.next}` } : {}) }),
    );
  });
  await new Promise<void>((resolve) => graph.listen(0, "127.0.0.1", resolve));
  graphUrl = `http://127.0.0.1:${(graph.address() as AddressInfo).port}`;
  idp = await startTestIdentityProvider();
  t = await buildTestApp({
    env: {
      SIGN_IN_RATE_LIMIT: "10000",
      ENTRA_ID_ISSUER: idp.issuer,
      ENTRA_ID_JWKS_URL: idp.jwksUrl,
      ENTRA_ID_CLIENT_SECRET: "app-secret",
      GRAPH_BASE_URL: `${graphUrl}/v1.0`,
      ENTRA_ID_TOKEN_URL: `${graphUrl}/token`,
    },
  });
});
afterAll(async () => {
  await t?.close();
  await idp?.close();
  await new Promise((resolve) => graph?.close(resolve));
});

async function configureEntraId(clientId: string, tenantId: string) {
  const settings = { clientId, tenantId, instance: idp.baseUrl };
  await t.deps.database.db
    .update(instanceSettings)
    .set({ value: sql`jsonb_set(${instanceSettings.value}, '{entraIdSettings}', ${JSON.stringify(settings)}::jsonb)` })
    .where(eq(instanceSettings.key, PUBLIC_SETTINGS_KEY));
}

const listGroups = async (query = "", userName = TEST_ADMIN.userName) =>
  t.app.inject({
    method: "GET",
    url: `/api/internal/admin/cloudGroups${query}`,
    headers: { authorization: `Bearer ${await t.tokenFor(userName)}` },
  });

describe("cloud groups", () => {
  it("answers 409 while Entra ID is not configured", async () => {
    const response = await listGroups();
    expect(response.statusCode).toBe(409);
    expect(response.json().detail).toBe(
      "Microsoft Entra ID is not configured: set its tenant and client id in the instance settings and ENTRA_ID_CLIENT_SECRET on the server.",
    );
  });

  it("reads every nextLink page with the app's bearer token and sorts by displayName", async () => {
    await configureEntraId(idp.clientId, TENANT_ID);
    requests.length = 0;
    const response = await listGroups();
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual([
      { id: "g-admins", displayName: "admins", description: "Admins" },
      { id: "g-finance", displayName: "Finance", description: "" },
      { id: "g-sales", displayName: "Sales", description: "Sales team" },
    ]);
    expect(requests.map((r) => decodeURIComponent(r.url))).toEqual([
      "/token",
      "/v1.0/groups?$select=id,displayName,description&$top=999",
      "/v1.0/groups?$skiptoken=page2",
      "/v1.0/groups?$skiptoken=page3",
    ]);
    expect(new URLSearchParams(requests[0]!.body)).toEqual(
      new URLSearchParams({
        grant_type: "client_credentials",
        client_id: idp.clientId,
        client_secret: "app-secret",
        scope: "https://graph.microsoft.com/.default",
      }),
    );
    expect(requests.slice(1).every((r) => r.authorization === "Bearer graph-token")).toBe(true);
    expect((await listGroups("?search=fin")).json()).toEqual([
      { id: "g-finance", displayName: "Finance", description: "" },
    ]);
  });

  it("answers 502 when Graph fails, and 403 without the actions", async () => {
    failGroups = true;
    const failed = await listGroups();
    failGroups = false;
    expect(failed.statusCode).toBe(502);
    expect(failed.json().detail).toBe("Microsoft Graph did not answer with the groups.");
    await t.createUser({ userName: "no-groups-reader", actions: ["BrandsRead"] });
    expect((await listGroups("", "no-groups-reader")).statusCode).toBe(403);
  });
});

describe("groups at Entra ID sign-in", () => {
  const signIn = async (idToken: string) =>
    t.app.inject({ method: "POST", url: "/api/internal/authorization/entraId/GenerateToken", payload: { idToken } });
  const groupsOf = async (subject: string) => {
    const db = t.deps.database.db;
    const [identity] = await db.select().from(identities).where(eq(identities.subject, subject));
    const rows = await db.select().from(userGroups).where(eq(userGroups.userId, identity!.userId));
    return rows.map((r) => [r.groupId, r.displayName]).sort();
  };

  it("stores the token's groups and replaces them at each sign-in; an overflowing claim is read from Graph", async () => {
    await configureEntraId(idp.clientId, TENANT_ID);
    const token = await idp.signIn({ accountId: "lin", oid: "oid-lin", name: "Lin" });
    expect((await signIn(await idp.resign(token, { groups: ["g-sales", "g-finance"] }))).statusCode).toBe(200);
    expect(await groupsOf("oid-lin")).toEqual([
      ["g-finance", ""],
      ["g-sales", ""],
    ]);
    expect((await signIn(await idp.resign(token, { groups: ["g-admins"] }))).statusCode).toBe(200);
    expect(await groupsOf("oid-lin")).toEqual([["g-admins", ""]]);
    // No groups information at all (the app emits no claim): the stored set stays.
    expect((await signIn(token)).statusCode).toBe(200);
    expect(await groupsOf("oid-lin")).toEqual([["g-admins", ""]]);

    const overage = await idp.signIn({ accountId: "over", oid: "oid-overage", name: "Over" });
    const resigned = await idp.resign(overage, { _claim_names: { groups: "src1" } });
    expect((await signIn(resigned)).statusCode).toBe(200);
    expect(await groupsOf("oid-overage")).toEqual([["g-finance", "Finance"]]);
  });
});

describe("a user's groups for the admin profile", () => {
  const signIn = async (idToken: string) =>
    t.app.inject({ method: "POST", url: "/api/internal/authorization/entraId/GenerateToken", payload: { idToken } });
  const userIdOf = async (subject: string) => {
    const [identity] = await t.deps.database.db.select().from(identities).where(eq(identities.subject, subject));
    return identity!.userId;
  };
  const groupsOfUser = async (userId: string) =>
    t.app.inject({
      method: "GET",
      url: `/api/internal/admin/users/${userId}/groups`,
      headers: { authorization: `Bearer ${await t.tokenFor(TEST_ADMIN.userName)}` },
    });

  it("names the claim's groups from the remembered Graph directory, and shows ids only without Entra ID", async () => {
    await configureEntraId(idp.clientId, TENANT_ID);
    const token = await idp.signIn({ accountId: "named", oid: "oid-named", name: "Named" });
    expect((await signIn(await idp.resign(token, { groups: ["g-sales", "g-gone", "g-admins"] }))).statusCode).toBe(200);
    const userId = await userIdOf("oid-named");

    // The directory was listed moments ago by the picker tests: names come from memory, Graph is not asked.
    await listGroups();
    requests.length = 0;
    const named = await groupsOfUser(userId);
    expect(named.statusCode, named.body).toBe(200);
    expect(named.json()).toEqual([
      { id: "g-gone", displayName: "", description: "" },
      { id: "g-admins", displayName: "admins", description: "Admins" },
      { id: "g-sales", displayName: "Sales", description: "Sales team" },
    ]);
    expect(requests).toEqual([]);

    await configureEntraId("", "");
    expect((await groupsOfUser(userId)).json().map((g: { displayName: string }) => g.displayName)).toEqual([
      "",
      "",
      "",
    ]);
    expect((await groupsOfUser("00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
  });

  it("lists the directory again once it is five minutes old, and does not remember a failed listing", async () => {
    await configureEntraId(idp.clientId, TENANT_ID);
    const db = t.deps.database.db;
    const later = Date.now() + 6 * 60_000;
    requests.length = 0;
    expect((await directoryGroups(db, t.deps.config, later)).get("g-finance")?.displayName).toBe("Finance");
    expect(requests.map((r) => decodeURIComponent(r.url))).toEqual([
      "/token",
      "/v1.0/groups?$select=id,displayName,description&$top=999",
      "/v1.0/groups?$skiptoken=page2",
      "/v1.0/groups?$skiptoken=page3",
    ]);
    requests.length = 0;
    await directoryGroups(db, t.deps.config, later + 60_000);
    expect(requests).toEqual([]);

    failGroups = true;
    await expect(directoryGroups(db, t.deps.config, later + 10 * 60_000)).rejects.toThrow("Graph answered 503");
    failGroups = false;
    requests.length = 0;
    await directoryGroups(db, t.deps.config, later + 10 * 60_000);
    expect(requests).toHaveLength(4);
  });
});
