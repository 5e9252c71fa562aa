import createClient, { type Middleware } from "openapi-fetch";
import type { paths } from "../../generated/api";
import { authActions, authStore } from "../auth/authStore";
import type { TokenArgs } from "../auth/authTypes";
import { refreshIdToken } from "../auth/idTokenRefresher";
import { isPublicMode } from "../auth/isPublicMode";
import { enterBusy, leaveBusy } from "./busyStore";
import { ApiError, toApiError } from "./errors";
import { readResponseBody } from "./responseBody";
import { sleep } from "./retryAfter";
import { createSessionFetch } from "./sessionFetch";

export const API_BASE_PATH = "/api/internal";

/** Spec §9: token retry wait while token args are missing. */
const TOKEN_ARGS_WAIT_MS = 500;

const GENERATE_TOKEN_PATH = /\/authorization\/[^/]+\/GenerateToken$/;

/** Non-2xx answers become an ApiError carrying the body read per spec §9. */
const errorMiddleware: Middleware = {
  async onResponse({ response }) {
    if (response.ok) return undefined;
    throw new ApiError(response.status, await readResponseBody(response));
  },
  onError({ error }) {
    const mapped = toApiError(error);
    return mapped instanceof Error ? mapped : new ApiError("FETCH_ERROR", mapped);
  },
};

export const sessionFetch = createSessionFetch({
  getToken: () => authStore.getState().n1aiToken,
  // Spec §2: public mode never regenerates; §4: a 401 on GenerateToken itself is final.
  mayRegenerateToken: (request) =>
    !isPublicMode(window.location.pathname) && !GENERATE_TOKEN_PATH.test(new URL(request.url).pathname),
  regenerateToken: () => regenerateToken(),
  onUnauthorized: () => authActions.clearTokenAndAccount(),
  enterBusy,
  leaveBusy,
});

/** The one typed client for /api/internal (paths from the generated contract). */
export const api = createClient<paths>({
  // Absolute, so that Request objects can be built outside a document too (tests).
  baseUrl: new URL(API_BASE_PATH, window.location.origin).href,
  fetch: sessionFetch,
});
api.use(errorMiddleware);

interface CallResult {
  data?: unknown;
  error?: unknown;
  response: Response;
}

/** Awaits a typed call and returns its data; every failure rejects with an ApiError. */
export async function unwrap<R extends CallResult>(call: Promise<R>): Promise<Exclude<R["data"], undefined>> {
  let result: R;
  try {
    result = await call;
  } catch (error) {
    throw toApiError(error);
  }
  if (result.error !== undefined || !result.response.ok) throw new ApiError(result.response.status, result.error);
  return result.data as Exclude<R["data"], undefined>;
}

/** POST /authorization/{identityProvider}/GenerateToken → the product token. */
export async function generateProductToken(args: TokenArgs): Promise<string> {
  const data = await unwrap(
    api.POST("/authorization/{identityProvider}/GenerateToken", {
      params: { path: { identityProvider: args.identityProvider } },
      body: args.iGenerateTokenRequest,
    }),
  );
  return data.n1AIToken;
}

let regeneration: Promise<boolean> | null = null;

async function regenerate(): Promise<boolean> {
  let args = authStore.getState().n1aiTokenArgs;
  if (!args) {
    // A sign-in in progress may be about to provide them (spec §9: 500 ms).
    await sleep(TOKEN_ARGS_WAIT_MS);
    args = authStore.getState().n1aiTokenArgs;
  }
  if (!args) return false;
  if (args.identityProvider === "entraId") {
    const idToken = await refreshIdToken();
    if (idToken) args = { identityProvider: "entraId", iGenerateTokenRequest: { idToken } };
  }
  try {
    authActions.setToken(await generateProductToken(args), args);
    return true;
  } catch {
    return false;
  }
}

/** Spec §4 Token: re-runs GenerateToken with the args held in memory; concurrent 401s share one attempt. */
export function regenerateToken(): Promise<boolean> {
  regeneration ??= regenerate().finally(() => {
    regeneration = null;
  });
  return regeneration;
}
