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
import { groupsFromClaims, storeSignInGroups, type TokenGroups } from "./entraIdGroups";
import { EntraIdTokenError, entraIdVerification, readEntraIdSettings, verifyEntraIdToken } from "./entraIdToken";
import { accountDisabled, entraIdNotConfigured, identityTokenRejected } from "./signInProblems";

export interface EntraIdCredentials {
  token: string;
  kind: "idToken" | "accessToken";
}

export interface EntraIdSignInDeps {
  db: Db;
  config: Pick<Config, "entraIdIssuer" | "entraIdJwksUrl" | "entraIdClientSecret" | "graphBaseUrl" | "entraIdTokenUrl">;
  log: FastifyBaseLogger;
}

export async function signInEntraId(
  deps: EntraIdSignInDeps,
  credentials: EntraIdCredentials,
): Promise<ProductTokenSubject> {
  const settings = await readEntraIdSettings(deps.db);
  if (!settings) throw entraIdNotConfigured();

  let profile;
  let groups: TokenGroups;
  try {
    const verification = entraIdVerification(settings, deps.config, credentials.kind);
    const claims = await verifyEntraIdToken(credentials.token, verification);
    profile = profileFromClaims(claims);
    groups = groupsFromClaims(claims);
  } catch (error) {
    if (!(error instanceof EntraIdTokenError)) throw error;
    // The reason stays in the log: an unreachable key set and a forged token look alike to the caller.
    deps.log.warn({ reason: error.message }, "Entra ID token rejected");
    throw identityTokenRejected();
  }
  if (!profile) throw identityTokenRejected();

  const user = await findOrProvisionEntraIdUser(deps.db, profile);
  if (user.isDisabled) throw accountDisabled();
  try {
    await storeSignInGroups(deps.db, deps.config, user.userId, profile.subject, groups);
  } catch (error) {
    // Sign-in does not fail because Graph is down: the groups of the last sign-in stay.
    deps.log.warn({ reason: (error as Error).message }, "Entra ID groups not updated");
  }
  return { userId: user.userId, userName: user.userName, displayName: user.displayName, identityProvider: "entraId" };
}
