/**
 * The Entra ID module (loaded lazily) registers how to obtain a fresh ID token,
 * so that regenerating the product token does not re-send an expired one.
 */
type IdTokenRefresher = () => Promise<string | null>;

let refresher: IdTokenRefresher | null = null;

export function registerIdTokenRefresher(next: IdTokenRefresher | null): void {
  refresher = next;
}

export function refreshIdToken(): Promise<string | null> {
  return refresher ? refresher() : Promise.resolve(null);
}
