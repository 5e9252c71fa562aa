/**
 * Microsoft Entra ID through MSAL. Imported lazily, so the ~70 kB of MSAL is
 * downloaded only by instances that enable it.
 */
import { BrowserCacheLocation, InteractionRequiredAuthError, PublicClientApplication } from "@azure/msal-browser";
import { paths } from "../../routes/paths";
import { registerIdTokenRefresher } from "../idTokenRefresher";
import { entraIdAuthority, entraIdScopes, type EntraIdSettings } from "./entraIdConfig";
import { countTokenRequest, resetTokenRequests } from "./tokenRequestCounter";

let client: { key: string; ready: Promise<PublicClientApplication> } | null = null;

function redirectUri(): string {
  return new URL(paths.login, window.location.origin).href;
}

function msal(settings: EntraIdSettings): Promise<PublicClientApplication> {
  const key = `${settings.clientId}|${entraIdAuthority(settings)}`;
  if (client?.key !== key) {
    const application = new PublicClientApplication({
      auth: { clientId: settings.clientId, authority: entraIdAuthority(settings), redirectUri: redirectUri() },
      // Spec §7: a session storage cache.
      cache: { cacheLocation: BrowserCacheLocation.SessionStorage },
    });
    client = { key, ready: application.initialize().then(() => application) };
    registerIdTokenRefresher(() => acquireIdToken(settings));
  }
  return client.ready;
}

/** Starts the interactive sign-in; the browser leaves for Microsoft and comes back to the login page. */
export async function startEntraIdSignIn(settings: EntraIdSettings): Promise<void> {
  const application = await msal(settings);
  await application.loginRedirect({ scopes: entraIdScopes(settings.clientId), redirectUri: redirectUri() });
}

/** Silent acquisition of a fresh ID token; an interaction-required failure redirects (spec §7). */
export async function acquireIdToken(settings: EntraIdSettings): Promise<string | null> {
  const application = await msal(settings);
  const account = application.getActiveAccount() ?? application.getAllAccounts()[0];
  if (!account) return null;
  const request = { scopes: entraIdScopes(settings.clientId), account };
  try {
    return (await application.acquireTokenSilent(request)).idToken || null;
  } catch (error) {
    if (error instanceof InteractionRequiredAuthError) await application.acquireTokenRedirect(request);
    return null;
  }
}

/**
 * Finishes a redirect sign-in, or signs in silently with an account already in
 * the cache. Returns the ID token to exchange, or null when there is none.
 */
export async function completeEntraIdSignIn(settings: EntraIdSettings): Promise<string | null> {
  const application = await msal(settings);
  const result = await application.handleRedirectPromise();
  if (result?.account) application.setActiveAccount(result.account);
  const hasAccount = result !== null || application.getAllAccounts().length > 0;
  if (!hasAccount) return null;
  if (countTokenRequest()) {
    // Spec §4: a sign-in that keeps failing clears the identity cache instead of looping.
    await application.clearCache();
    return null;
  }
  return result?.idToken || (await acquireIdToken(settings));
}

/** The product token was issued: the attempt counter starts over. */
export function entraIdSignInSucceeded(): void {
  resetTokenRequests();
}

/** Spec §8: a failed token request clears the identity cache. */
export async function clearEntraIdCache(settings: EntraIdSettings): Promise<void> {
  await (await msal(settings)).clearCache();
}

/** Logout redirect through Microsoft, back to the login page. */
export async function signOutOfEntraId(settings: EntraIdSettings): Promise<void> {
  const application = await msal(settings);
  await application.logoutRedirect({ postLogoutRedirectUri: redirectUri() });
}
