import { regenerateToken } from "../api/client";
import { authStore } from "../auth/authStore";
import { decodeTokenClaims } from "../auth/jwt";
import { CLIENT_VERSION, TOKEN_VERSION_CLAIM, VERSION_MISMATCH_RELOAD_DELAY_MS, sameVersion } from "../version";

export type VersionCheckOutcome = "current" | "reloading" | "skipped";

/** The version the served index.html was built as (vite.config.ts writes it into a meta tag). */
export async function fetchIndexVersion(): Promise<string | null> {
  try {
    const response = await fetch(new URL("/index.html", window.location.origin), { cache: "no-store" });
    if (!response.ok) return null;
    const match = /<meta\s+name="app-version"\s+content="([^"]+)"/i.exec(await response.text());
    return match?.[1] ?? null;
  } catch {
    return null;
  }
}

export function tokenVersion(token: string | null): string | null {
  return token ? (decodeTokenClaims(token)?.version ?? null) : null;
}

export function tokenMatchesClient(token: string | null): boolean {
  const version = tokenVersion(token);
  return version === null || sameVersion(version, TOKEN_VERSION_CLAIM);
}

/**
 * Spec §4 "Version check": on a mismatch the token is refreshed and the page
 * reloaded after 100 ms, unless the served index is this very version and no
 * force is requested (a reload would not change anything).
 */
export async function handleVersionMismatch(
  options: { force?: boolean; reload?: () => void } = {},
): Promise<VersionCheckOutcome> {
  await regenerateToken();
  if (tokenMatchesClient(authStore.getState().n1aiToken) && !options.force) return "current";
  const indexVersion = await fetchIndexVersion();
  if (!options.force && (indexVersion === null || sameVersion(indexVersion, CLIENT_VERSION))) return "skipped";
  const reload = options.reload ?? (() => window.location.reload());
  setTimeout(reload, VERSION_MISMATCH_RELOAD_DELAY_MS);
  return "reloading";
}
