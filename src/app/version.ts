import { version } from "../../package.json";

/** Spec §9: the client version (2.2512.3822), taken from package.json so the two cannot drift. */
export const CLIENT_VERSION: string = version;

/** Spec §9: the product token's version claim is the client version plus ".0". */
export const TOKEN_VERSION_CLAIM = `${CLIENT_VERSION}.0`;

/** Spec §9: version-mismatch reload delay. */
export const VERSION_MISMATCH_RELOAD_DELAY_MS = 100;

/** "2.2512.3822.0" and "2.2512.3822" name the same build. */
export function sameVersion(a: string, b: string): boolean {
  const normalise = (value: string) => {
    const parts = value.trim().split(".");
    if (parts.length === 4 && parts[3] === "0") parts.pop();
    return parts.join(".");
  };
  return normalise(a) === normalise(b);
}
