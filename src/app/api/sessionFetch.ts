import { applyCosmosHeaders, captureCosmosHeaders } from "./cosmosSession";
import { retryAfterMs, sleep } from "./retryAfter";

const HTTP_UNAUTHORIZED = 401;
const HTTP_SERVICE_UNAVAILABLE = 503;

export interface SessionFetchOptions {
  /** The product token to send as a bearer token, if any. */
  getToken(): string | null;
  /** Whether a 401 on this request may be answered by regenerating the token (spec §2 public mode, §4 Token). */
  mayRegenerateToken(request: Request): boolean;
  /** Re-runs GenerateToken; resolves false when no new token could be had. */
  regenerateToken(): Promise<boolean>;
  /** Spec §8: a 401 that survives regeneration clears the token and the account. */
  onUnauthorized(): void;
  /** Spec §8: 503 busy flag, entered when waiting starts and left when it ends. */
  enterBusy(): void;
  leaveBusy(): void;
  /** The underlying fetch; resolved at call time so that test interceptors apply. */
  fetch?: (request: Request) => Promise<Response>;
}

/** A response that will not be read is cancelled, so that its connection is released (not awaited: nothing depends on it). */
function discard(response: Response): void {
  response.body?.cancel().catch(() => undefined);
}

/**
 * The session-aware fetch under the typed client: bearer token, X-Request-ID,
 * x-cosmos session headers, the 401 rule (regenerate once and retry once) and
 * the 503 rule (wait Retry-After and retry until the service answers).
 */
export function createSessionFetch(options: SessionFetchOptions): (request: Request) => Promise<Response> {
  const send = (request: Request) => (options.fetch ?? globalThis.fetch)(request);

  return async function sessionFetch(input: Request): Promise<Response> {
    // The body is read once so that every retry can send it again.
    const body = input.body === null ? null : await input.arrayBuffer();
    // One id per logical request: the server logs show its retries together.
    const requestId = input.headers.get("X-Request-ID") ?? crypto.randomUUID();

    const attempt = async (): Promise<Response> => {
      const headers = new Headers(input.headers);
      const token = options.getToken();
      if (token) headers.set("Authorization", `Bearer ${token}`);
      headers.set("X-Request-ID", requestId);
      applyCosmosHeaders(headers);
      const response = await send(new Request(input, { headers, body }));
      captureCosmosHeaders(response.headers);
      return response;
    };

    const attemptWhileUnavailable = async (): Promise<Response> => {
      let response = await attempt();
      if (response.status !== HTTP_SERVICE_UNAVAILABLE) return response;
      options.enterBusy();
      try {
        while (response.status === HTTP_SERVICE_UNAVAILABLE) {
          const wait = retryAfterMs(response.headers.get("Retry-After"));
          discard(response);
          await sleep(wait, input.signal);
          response = await attempt();
        }
        return response;
      } finally {
        options.leaveBusy();
      }
    };

    const response = await attemptWhileUnavailable();
    if (response.status !== HTTP_UNAUTHORIZED || !options.mayRegenerateToken(input)) return response;
    if (!(await options.regenerateToken())) {
      options.onUnauthorized();
      return response;
    }
    discard(response);
    const retried = await attemptWhileUnavailable();
    if (retried.status === HTTP_UNAUTHORIZED) options.onUnauthorized();
    return retried;
  };
}
