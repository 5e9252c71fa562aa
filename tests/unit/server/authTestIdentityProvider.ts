/**
 * A real OpenID provider (oidc-provider) on 127.0.0.1 standing in for the
 * Microsoft Entra ID tenant: the app verifies its ID tokens against its JWKS.
 * `signIn` drives the authorization-code flow with PKCE over HTTP, as MSAL does
 * in the browser, completing the login interaction in code.
 */
import { createHash, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { decodeJwt, decodeProtectedHeader, exportJWK, generateKeyPair, SignJWT, type JWK, type JWTPayload } from "jose";
import Provider from "oidc-provider";

export interface TestAccount {
  /** The provider's account id, issued as `sub`. */
  accountId: string;
  oid?: string;
  name?: string;
  preferredUsername?: string;
  email?: string;
}

export interface TestIdentityProvider {
  issuer: string;
  /** The provider's own JWKS endpoint. */
  jwksUrl: string;
  /** The client the app is registered as (its entraIdSettings.clientId). */
  clientId: string;
  /** Another application of the same provider. */
  otherClientId: string;
  /** Signs the account in through the authorization endpoint and returns the ID token the token endpoint issued. */
  signIn(account: TestAccount, clientId?: string): Promise<string>;
  /** The token with claims changed (undefined removes one), signed again with the provider's key or a stranger's under the same key id. */
  resign(idToken: string, changes: Record<string, unknown>, signer?: "provider" | "stranger"): Promise<string>;
  /** Serves the provider's public keys at an Entra-shaped path too: `<base>/<tenantId>/discovery/v2.0/keys`. */
  servesTenantKeys(tenantId: string): void;
  baseUrl: string;
  close(): Promise<void>;
}

const REDIRECT_URI = "http://127.0.0.1/signed-in";
const KEY_ID = "test-signing-key";

/** Cookies by name, sent back on every request (the provider scopes them by path; sending extra ones is harmless). */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
  store(response: Response): void {
    for (const cookie of response.headers.getSetCookie()) {
      const pair = cookie.split(";")[0] ?? "";
      const at = pair.indexOf("=");
      if (at > 0) this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
  }
}

async function signingKeys() {
  const { privateKey, publicKey } = await generateKeyPair("RS256", { extractable: true });
  const meta = { kid: KEY_ID, alg: "RS256", use: "sig" };
  return {
    privateKey,
    privateJwk: { ...(await exportJWK(privateKey)), ...meta } as JWK,
    publicJwk: { ...(await exportJWK(publicKey)), ...meta } as JWK,
  };
}

export async function startTestIdentityProvider(): Promise<TestIdentityProvider> {
  const keys = await signingKeys();
  const accounts = new Map<string, TestAccount>();
  const tenantKeyPaths = new Set<string>();
  const clientId = "agent-chat-spa";
  const otherClientId = "another-app";

  /** The login page: logs in whoever the authorization request named in login_hint, with every requested scope granted. */
  async function completeInteraction(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const interaction = await provider.interactionDetails(req, res);
    const accountId = String(interaction.params.login_hint);
    const grant = new provider.Grant({ accountId, clientId: String(interaction.params.client_id) });
    grant.addOIDCScope(String(interaction.params.scope));
    const grantId = await grant.save();
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  }

  const server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://localhost").pathname;
    if (tenantKeyPaths.has(path)) {
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ keys: [keys.publicJwk] }));
    } else if (path.startsWith("/interaction/")) {
      completeInteraction(req, res).catch((error: unknown) => {
        res.statusCode = 500;
        res.end(String(error));
      });
    } else {
      provider.callback()(req, res);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const client = (id: string) => ({
    client_id: id,
    // A single-page application: a public client, so PKCE is required.
    token_endpoint_auth_method: "none",
    redirect_uris: [REDIRECT_URI],
    response_types: ["code"],
    grant_types: ["authorization_code"],
  });
  const provider = new Provider(baseUrl, {
    clients: [client(clientId), client(otherClientId)],
    jwks: { keys: [keys.privateJwk] },
    cookies: { keys: [randomBytes(16).toString("hex")] },
    ttl: { AccessToken: 3600, AuthorizationCode: 60, IdToken: 3600, Interaction: 600, Session: 3600, Grant: 3600 },
    // Entra ID puts the profile claims in the ID token itself.
    conformIdTokenClaims: false,
    claims: { openid: ["sub"], profile: ["name", "preferred_username", "oid"], email: ["email"] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx: unknown, id: string) {
      const account = accounts.get(id);
      if (!account) return undefined;
      return {
        accountId: id,
        async claims() {
          return {
            sub: id,
            oid: account.oid,
            name: account.name,
            preferred_username: account.preferredUsername,
            email: account.email,
          };
        },
      };
    },
  });

  async function signIn(account: TestAccount, forClient = clientId): Promise<string> {
    accounts.set(account.accountId, account);
    const jar = new CookieJar();
    const get = async (url: string) => {
      const response = await fetch(url, { redirect: "manual", headers: { cookie: jar.header() } });
      jar.store(response);
      return response;
    };
    const verifier = randomBytes(32).toString("base64url");
    let url = `${baseUrl}/auth?${new URLSearchParams({
      client_id: forClient,
      response_type: "code",
      scope: "openid profile email",
      redirect_uri: REDIRECT_URI,
      code_challenge: createHash("sha256").update(verifier).digest("base64url"),
      code_challenge_method: "S256",
      nonce: randomBytes(8).toString("hex"),
      state: randomBytes(8).toString("hex"),
      login_hint: account.accountId,
    })}`;
    let code: string | null = null;
    // authorize → interaction → resume → redirect_uri?code=...
    for (let hop = 0; hop < 5 && code === null; hop++) {
      const response = await get(url);
      const location = response.headers.get("location");
      if (!location) throw new Error(`authorization stopped at ${url}: ${response.status} ${await response.text()}`);
      const next = new URL(location, url);
      if (next.href.startsWith(REDIRECT_URI)) code = next.searchParams.get("code");
      url = next.href;
    }
    if (!code) throw new Error(`no authorization code: ${url}`);
    const tokenResponse = await fetch(`${baseUrl}/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code,
        redirect_uri: REDIRECT_URI,
        client_id: forClient,
        code_verifier: verifier,
      }),
    });
    const tokens = (await tokenResponse.json()) as { id_token?: string; error_description?: string };
    if (!tokens.id_token) throw new Error(`token endpoint: ${tokenResponse.status} ${tokens.error_description ?? ""}`);
    return tokens.id_token;
  }

  async function resign(
    idToken: string,
    changes: Record<string, unknown>,
    signer: "provider" | "stranger" = "provider",
  ) {
    const payload: JWTPayload = { ...decodeJwt(idToken), ...changes };
    for (const [name, value] of Object.entries(changes)) if (value === undefined) delete payload[name];
    const key = signer === "provider" ? keys.privateKey : (await signingKeys()).privateKey;
    return new SignJWT(payload)
      .setProtectedHeader(decodeProtectedHeader(idToken) as { alg: string; kid: string })
      .sign(key);
  }

  return {
    issuer: baseUrl,
    jwksUrl: `${baseUrl}/jwks`,
    clientId,
    otherClientId,
    baseUrl,
    signIn,
    resign,
    servesTenantKeys: (tenantId) => void tenantKeyPaths.add(`/${tenantId}/discovery/v2.0/keys`),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Keep-alive connections (fetch's pool, the app's key-set fetches) would hold close() open.
        server.closeAllConnections();
      }),
  };
}
