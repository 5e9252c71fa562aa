/**
 * Entra ID sign-in through the real app against a real OpenID provider
 * (oidc-provider on 127.0.0.1, see authTestIdentityProvider.ts): ID tokens come
 * out of its authorization-code flow; the negative cases alter one claim of
 * such a token and sign it again.
 */
import { and, eq, sql } from "drizzle-orm";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { identities, instanceSettings, users } from "../../../src/server/db/schema";
import { PUBLIC_SETTINGS_KEY } from "../../../src/server/seed";
import { buildTestApp, type TestApp } from "../../helpers/buildTestApp";
import { startTestIdentityProvider, type TestIdentityProvider } from "./authTestIdentityProvider";

const GENERATE_TOKEN = "/api/internal/authorization/entraId/GenerateToken";
const TENANT_ID = "contoso-tenant";
const NOT_VERIFIED = { status: 401, title: "Unauthorized", detail: "The identity token could not be verified." };

let idp: TestIdentityProvider;
let t: TestApp;

beforeAll(async () => {
  idp = await startTestIdentityProvider();
  t = await buildTestApp({
    env: { SIGN_IN_RATE_LIMIT: "10000", ENTRA_ID_ISSUER: idp.issuer, ENTRA_ID_JWKS_URL: idp.jwksUrl },
  });
  await configureEntraId({ clientId: idp.clientId, tenantId: TENANT_ID, instance: idp.baseUrl });
});
afterAll(async () => {
  await t?.close();
  await idp?.close();
});

async function configureEntraId(entraIdSettings: {
  clientId: string;
  tenantId: string;
  instance: string;
}): Promise<void> {
  await t.deps.database.db
    .update(instanceSettings)
    .set({
      value: sql`jsonb_set(${instanceSettings.value}, '{entraIdSettings}', ${JSON.stringify(entraIdSettings)}::jsonb)`,
    })
    .where(eq(instanceSettings.key, PUBLIC_SETTINGS_KEY));
}

function signIn(body: Record<string, unknown>) {
  return t.app.inject({ method: "POST", url: GENERATE_TOKEN, payload: body });
}

async function productTokenFor(body: Record<string, unknown>): Promise<string> {
  const response = await signIn(body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ n1AIToken: string }>().n1AIToken;
}

async function entraIdUser(subject: string) {
  const [row] = await t.deps.database.db
    .select({ user: users })
    .from(identities)
    .innerJoin(users, eq(users.userId, identities.userId))
    .where(and(eq(identities.provider, "entraId"), eq(identities.subject, subject)));
  return row?.user;
}

describe("Entra ID sign-in", () => {
  it("provisions a user with the built-in user role on first sign-in and reuses it afterwards", async () => {
    const account = {
      accountId: "ada",
      oid: "oid-ada",
      name: "Ada Lovelace",
      preferredUsername: "ada@contoso.com",
      email: "ada.lovelace@contoso.com",
    };
    const first = await productTokenFor({ idToken: await idp.signIn(account) });

    const user = await entraIdUser("oid-ada");
    expect(user).toMatchObject({
      userName: "ada@contoso.com",
      displayName: "Ada Lovelace",
      email: "ada.lovelace@contoso.com",
      isDisabled: false,
    });
    expect(user?.lastSignInAt).toBeInstanceOf(Date);
    expect(decodeJwt(first)).toMatchObject({ sub: user!.userId, idp: "entraId", version: "2.2512.3822.0" });

    const roles = await t.app.inject({
      method: "GET",
      url: "/api/internal/CurrentUser/UserRolesWithResolvedActions",
      headers: { authorization: `Bearer ${first}` },
    });
    expect(roles.statusCode).toBe(200);
    expect(roles.json<{ roles: { name: string }[] }>().roles.map((role) => role.name)).toEqual(["user"]);
    const details = await t.app.inject({
      method: "GET",
      url: "/api/internal/CurrentUser/details",
      headers: { authorization: `Bearer ${first}` },
    });
    expect(details.json()).toMatchObject({ userId: user!.userId, identityProvider: "entraId" });

    const usersBefore = (await t.deps.database.db.select().from(users)).length;
    const second = await productTokenFor({ idToken: await idp.signIn(account) });
    expect(decodeJwt(second).sub).toBe(user!.userId);
    expect((await t.deps.database.db.select().from(users)).length).toBe(usersBefore);
  });

  it("suffixes the user name when another user already has it", async () => {
    const local = await t.createUser({ userName: "grace@contoso.com" });
    await productTokenFor({
      idToken: await idp.signIn({ accountId: "grace", oid: "oid-grace", preferredUsername: "Grace@Contoso.com" }),
    });
    const user = await entraIdUser("oid-grace");
    expect(user?.userId).not.toBe(local.userId);
    expect(user?.userName).toBe("Grace@Contoso.com-2");
    expect(user?.displayName).toBe("Grace@Contoso.com");
  });

  it("falls back to sub for the identity and to email, then the object id, for the user name", async () => {
    await productTokenFor({
      idToken: await idp.signIn({ accountId: "no-oid", email: "mail-only@contoso.com", name: "Mail Only" }),
    });
    expect(await entraIdUser("no-oid")).toMatchObject({
      userName: "mail-only@contoso.com",
      email: "mail-only@contoso.com",
    });

    await productTokenFor({ idToken: await idp.signIn({ accountId: "bare", oid: "oid-bare" }) });
    expect(await entraIdUser("oid-bare")).toMatchObject({ userName: "oid-bare", displayName: "oid-bare", email: null });
  });

  it("refuses a token issued to another application (audience)", async () => {
    const response = await signIn({
      idToken: await idp.signIn({ accountId: "eve", oid: "oid-eve" }, idp.otherClientId),
    });
    expect(response.json()).toMatchObject(NOT_VERIFIED);
    expect(await entraIdUser("oid-eve")).toBeUndefined();
  });

  it("refuses a token from another issuer, an expired one and one signed with another key", async () => {
    const genuine = await idp.signIn({ accountId: "mallory", oid: "oid-mallory" });
    const now = Math.floor(Date.now() / 1000);
    const altered = {
      otherIssuer: await idp.resign(genuine, { iss: "https://login.microsoftonline.com/another-tenant/v2.0" }),
      expired: await idp.resign(genuine, { iat: now - 7200, exp: now - 60 }),
      strangerKey: await idp.resign(genuine, {}, "stranger"),
    };
    for (const [name, idToken] of Object.entries(altered)) {
      const response = await signIn({ idToken });
      expect(response.statusCode, name).toBe(401);
      expect(response.json(), name).toMatchObject(NOT_VERIFIED);
    }
    expect(await entraIdUser("oid-mallory")).toBeUndefined();

    // The control: signed again by the provider with nothing changed, the same token is accepted.
    expect((await signIn({ idToken: await idp.resign(genuine, {}) })).statusCode).toBe(200);
  });

  it("accepts an access token for the app's own API, but not as an ID token", async () => {
    const genuine = await idp.signIn({ accountId: "api-caller", oid: "oid-api-caller" });
    const accessToken = await idp.resign(genuine, { aud: `api://${idp.clientId}` });
    expect((await signIn({ idToken: accessToken })).statusCode).toBe(401);
    expect((await signIn({ accessToken })).statusCode).toBe(200);
  });

  it("refuses a disabled user with a valid token", async () => {
    const account = { accountId: "disabled", oid: "oid-disabled" };
    await productTokenFor({ idToken: await idp.signIn(account) });
    await t.deps.database.db.update(users).set({ isDisabled: true }).where(eq(users.userName, "oid-disabled"));
    const response = await signIn({ idToken: await idp.signIn(account) });
    expect(response.statusCode).toBe(401);
    expect(response.json().detail).toBe("This account is disabled. Ask an administrator to enable it.");
  });

  it("requires a token", async () => {
    const response = await signIn({ userName: "ada", password: "secret" });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ idToken: ["is required (or accessToken)"] });
  });

  it("answers 400 while Entra ID is not configured", async () => {
    const idToken = await idp.signIn({ accountId: "early", oid: "oid-early" });
    try {
      for (const settings of [
        { clientId: "", tenantId: "", instance: "https://login.microsoftonline.com/" },
        { clientId: idp.clientId, tenantId: " ", instance: idp.baseUrl },
      ]) {
        await configureEntraId(settings);
        const response = await signIn({ idToken });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ status: 400, detail: "Microsoft Entra ID sign-in is not configured." });
      }
    } finally {
      await configureEntraId({ clientId: idp.clientId, tenantId: TENANT_ID, instance: idp.baseUrl });
    }
  });

  it("derives the tenant's issuer and key set from the settings when no override is configured", async () => {
    const config = t.deps.config;
    const overrides = { entraIdIssuer: config.entraIdIssuer, entraIdJwksUrl: config.entraIdJwksUrl };
    idp.servesTenantKeys(TENANT_ID);
    const genuine = await idp.signIn({ accountId: "tenant-user", oid: "oid-tenant-user" });
    const tenantToken = await idp.resign(genuine, { iss: `https://login.microsoftonline.com/${TENANT_ID}/v2.0` });
    try {
      config.entraIdIssuer = undefined;
      config.entraIdJwksUrl = undefined;
      // Trailing slashes as administrators type them: the key set URL is <instance>/<tenantId>/discovery/v2.0/keys.
      await configureEntraId({ clientId: idp.clientId, tenantId: `${TENANT_ID}/`, instance: `${idp.baseUrl}//` });
      expect((await signIn({ idToken: tenantToken })).statusCode).toBe(200);
      expect((await signIn({ idToken: genuine })).statusCode).toBe(401);
    } finally {
      Object.assign(config, overrides);
      await configureEntraId({ clientId: idp.clientId, tenantId: TENANT_ID, instance: idp.baseUrl });
    }
  });
});
