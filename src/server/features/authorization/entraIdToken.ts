/**
 * Verifies a token Microsoft Entra ID issued to the browser (MSAL): signature
 * against the tenant's published keys, issuer, audience and lifetime.
 */
import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload } from "jose";
import { eq } from "drizzle-orm";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { instanceSettings } from "../../db/schema";
import { PUBLIC_SETTINGS_KEY } from "../../seed";

const DEFAULT_AUTHORITY_HOST = "https://login.microsoftonline.com";

export interface EntraIdSettings {
  clientId: string;
  tenantId: string;
  instance: string;
}

export interface EntraIdVerification {
  issuer: string;
  jwksUrl: string;
  audience: string[];
}

/** The instance's Entra ID settings, or null when sign-in with it is not configured (no client or tenant). */
export async function readEntraIdSettings(db: Db): Promise<EntraIdSettings | null> {
  const [row] = await db
    .select({ value: instanceSettings.value })
    .from(instanceSettings)
    .where(eq(instanceSettings.key, PUBLIC_SETTINGS_KEY));
  const stored = (row?.value as { entraIdSettings?: Partial<EntraIdSettings> } | undefined)?.entraIdSettings;
  const clientId = stored?.clientId?.trim() ?? "";
  const tenantId = stored?.tenantId?.trim() ?? "";
  if (!clientId || !tenantId) return null;
  return { clientId, tenantId, instance: stored?.instance?.trim() || DEFAULT_AUTHORITY_HOST };
}

function trimSlashes(value: string): string {
  return value.replace(/^\/+|\/+$/g, "");
}

/** Issuer and key set of the tenant (v2.0 endpoints); ENTRA_ID_ISSUER / ENTRA_ID_JWKS_URL replace them. */
export function entraIdVerification(
  settings: EntraIdSettings,
  config: Pick<Config, "entraIdIssuer" | "entraIdJwksUrl">,
  kind: "idToken" | "accessToken",
): EntraIdVerification {
  const tenant = trimSlashes(settings.tenantId);
  const authority = settings.instance.replace(/\/+$/, "");
  return {
    issuer: config.entraIdIssuer ?? `https://login.microsoftonline.com/${tenant}/v2.0`,
    jwksUrl: config.entraIdJwksUrl ?? `${authority}/${tenant}/discovery/v2.0/keys`,
    // An ID token names the client; an access token for the app's own API may name its Application ID URI instead.
    audience: kind === "idToken" ? [settings.clientId] : [settings.clientId, `api://${settings.clientId}`],
  };
}

/** One key set per URL: jose caches the keys and refetches on an unknown key id (key rotation), rate-limited. */
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

function keySetFor(jwksUrl: string): ReturnType<typeof createRemoteJWKSet> {
  let keySet = keySets.get(jwksUrl);
  if (!keySet) {
    keySet = createRemoteJWKSet(new URL(jwksUrl));
    keySets.set(jwksUrl, keySet);
  }
  return keySet;
}

export class EntraIdTokenError extends Error {
  override readonly name = "EntraIdTokenError";
}

/** The verified claims; throws EntraIdTokenError when the token is not valid or the key set cannot be fetched. */
export async function verifyEntraIdToken(token: string, verification: EntraIdVerification): Promise<JWTPayload> {
  try {
    const { payload } = await jwtVerify(token, keySetFor(verification.jwksUrl), {
      issuer: verification.issuer,
      audience: verification.audience,
      algorithms: ["RS256"],
    });
    return payload;
  } catch (error) {
    if (error instanceof errors.JOSEError || error instanceof TypeError) {
      throw new EntraIdTokenError(error.message, { cause: error });
    }
    throw error;
  }
}
