import { HttpError } from "react-admin";
import { asProblem } from "../../app/api/problem";

/** What ra-data-simple-rest expects back from its httpClient (the shape of react-admin's `fetchUtils.fetchJson`). */
export interface AdminHttpResponse {
  status: number;
  headers: Headers;
  body: string;
  json: unknown;
}

export interface AdminHttpOptions {
  method?: string;
  headers?: HeadersInit;
  body?: BodyInit | null;
  signal?: AbortSignal;
}

export type AdminHttpClient = (url: string, options?: AdminHttpOptions) => Promise<AdminHttpResponse>;

const HTTP_NO_CONTENT = 204;

function parseJson(body: string): unknown {
  if (body === "") return undefined;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * A fetchUtils-compatible httpClient over the session fetch (bearer token,
 * X-Request-ID, the 401 and 503 rules). Non-2xx answers reject with a
 * react-admin HttpError whose body is the problem document, so that its
 * per-field `errors` reach the form.
 */
export function createAdminHttpClient(send: (request: Request) => Promise<Response>): AdminHttpClient {
  return async (url, options = {}) => {
    const headers = new Headers(options.headers);
    if (!headers.has("Accept")) headers.set("Accept", "application/json");
    if (options.body != null && !headers.has("Content-Type")) headers.set("Content-Type", "application/json");
    const request = new Request(new URL(url, window.location.origin), {
      method: options.method ?? "GET",
      headers,
      body: options.body ?? null,
      signal: options.signal,
    });
    const response = await send(request);
    const body = response.status === HTTP_NO_CONTENT ? "" : await response.text();
    const json = parseJson(body);
    if (!response.ok) {
      const problem = asProblem(json);
      const message = problem?.detail ?? problem?.title ?? (response.statusText || `HTTP ${response.status}`);
      throw new HttpError(message, response.status, problem ?? json ?? body);
    }
    return { status: response.status, headers: response.headers, body, json };
  };
}
