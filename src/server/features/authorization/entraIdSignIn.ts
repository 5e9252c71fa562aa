/**
 * Sign-in with Microsoft Entra ID (identity provider `entraId`): the browser
 * signs in with MSAL and sends the token it got; the server verifies it and
 * finds or provisions the user.
 */
import type { FastifyBaseLogger } from "fastify";
import type { ProductTokenSubject } from "../../auth/productToken";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { findOrProvisionEntraIdUser, profileFromClaims } from "./entraIdAccounts";
import { EntraIdTokenError, entraIdVerification, readEntraIdSettings, verifyEntraIdToken } from "./entraIdToken";
import { accountDisabled, entraIdNotConfigured, identityTokenRejected } from "./signInProblems";

export interface EntraIdCredentials {
  token: string;
  kind: "idToken" | "accessToken";
}

export interface EntraIdSignInDeps {
  db: Db;
  config: Pick<Config, "entraIdIssuer" | "entraIdJwksUrl">;
  log: FastifyBaseLogger;
}

export async function signInEntraId(
  deps: EntraIdSignInDeps,
  credentials: EntraIdCredentials,
): Promise<ProductTokenSubject> {
  const settings = await readEntraIdSettings(deps.db);
  if (!settings) throw entraIdNotConfigured();

  let profile;
  try {
    const verification = entraIdVerification(settings, deps.config, credentials.kind);
    profile = profileFromClaims(await verifyEntraIdToken(credentials.token, verification));
  } catch (error) {
    if (!(error instanceof EntraIdTokenError)) throw error;
    // The reason stays in the log: an unreachable key set and a forged token look alike to the caller.
    deps.log.warn({ reason: error.message }, "Entra ID token rejected");
    throw identityTokenRejected();
  }
  if (!profile) throw identityTokenRejected();

  const user = await findOrProvisionEntraIdUser(deps.db, profile);
  if (user.isDisabled) throw accountDisabled();
  return { userId: user.userId, userName: user.userName, displayName: user.displayName, identityProvider: "entraId" };
}
