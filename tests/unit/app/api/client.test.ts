import { delay, http, HttpResponse } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { busyStore, selectBusy } from "../../../../src/app/api/busyStore";
import { api, unwrap } from "../../../../src/app/api/client";
import { ApiError } from "../../../../src/app/api/errors";
import { authStore } from "../../../../src/app/auth/authStore";
import { API } from "../../utils/handlers";
import { userDetails } from "../../utils/fixtures";
import { signInForTest } from "../../utils/renderApp";
import { server } from "../../utils/server";
import { makeToken } from "../../utils/token";

const getDetails = () => unwrap(api.GET("/CurrentUser/details"));

/** Lets pending promises and zero-delay timers run without moving the fake clock forward. */
async function settle(condition: () => boolean): Promise<void> {
  for (let round = 0; round < 100 && !condition(); round += 1) await vi.advanceTimersByTimeAsync(0);
  expect(condition()).toBe(true);
}

async function failure(call: Promise<unknown>): Promise<ApiError> {
  const error = await call.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe("request headers", () => {
  it("sends the bearer token and a fresh X-Request-ID on each request", async () => {
    const token = signInForTest();
    const seen: Request[] = [];
    server.use(
      http.get(`${API}/CurrentUser/details`, ({ request }) => {
        seen.push(request.clone());
        return HttpResponse.json(userDetails);
      }),
    );
    await getDetails();
    await getDetails();
    expect(seen[0]?.headers.get("Authorization")).toBe(`Bearer ${token}`);
    const ids = seen.map((request) => request.headers.get("X-Request-ID"));
    expect(ids[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(ids[1]).not.toBe(ids[0]);
  });

  it("keeps every x-cosmos* response header and sends it back", async () => {
    signInForTest();
    const seen: Headers[] = [];
    server.use(
      http.get(`${API}/CurrentUser/details`, ({ request }) => {
        seen.push(new Headers(request.headers));
        return HttpResponse.json(userDetails, {
          headers: { "x-cosmos-session-token": "0:1#42", "X-Cosmos-Region": "westeurope", "x-other": "nope" },
        });
      }),
    );
    await getDetails();
    await getDetails();
    expect(seen[0]?.get("x-cosmos-session-token")).toBeNull();
    expect(seen[1]?.get("x-cosmos-session-token")).toBe("0:1#42");
    expect(seen[1]?.get("x-cosmos-region")).toBe("westeurope");
    expect(seen[1]?.get("x-other")).toBeNull();
  });
});

describe("401: regenerate the token once and retry once", () => {
  it("regenerates with the token args in memory and retries with the new token", async () => {
    signInForTest();
    const fresh = makeToken({ name: "Ada Regenerated" });
    const bodies: unknown[] = [];
    server.use(
      http.post(`${API}/authorization/local/GenerateToken`, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ n1AIToken: fresh });
      }),
      http.get(`${API}/CurrentUser/details`, ({ request }) =>
        request.headers.get("Authorization") === `Bearer ${fresh}`
          ? HttpResponse.json(userDetails)
          : HttpResponse.json({ type: "about:blank", title: "Unauthorized", status: 401 }, { status: 401 }),
      ),
    );
    await expect(getDetails()).resolves.toEqual(userDetails);
    expect(bodies).toEqual([{ userName: "ada", password: "secret" }]);
    expect(authStore.getState().n1aiToken).toBe(fresh);
    expect(authStore.getState().account).toEqual({ name: "Ada Regenerated", userName: "ada" });
  });

  it("clears the token and the account when the retried request is refused again", async () => {
    signInForTest();
    let tokenRequests = 0;
    let detailRequests = 0;
    server.use(
      http.post(`${API}/authorization/local/GenerateToken`, () => {
        tokenRequests += 1;
        return HttpResponse.json({ n1AIToken: makeToken() });
      }),
      http.get(`${API}/CurrentUser/details`, () => {
        detailRequests += 1;
        return HttpResponse.json({ type: "about:blank", title: "Unauthorized", status: 401 }, { status: 401 });
      }),
    );
    const error = await failure(getDetails());
    expect(error.status).toBe(401);
    expect(error.code).toBe("UNAUTHORIZED");
    expect(tokenRequests).toBe(1);
    expect(detailRequests).toBe(2);
    expect(authStore.getState().n1aiToken).toBeNull();
    expect(authStore.getState().account).toBeNull();
  });

  it("clears the token and the account when no token args are held (after a reload)", async () => {
    authStore.setState({ n1aiToken: makeToken(), account: { name: "Ada", userName: "ada" } });
    server.use(
      http.get(`${API}/CurrentUser/details`, () =>
        HttpResponse.json({ type: "about:blank", title: "Unauthorized", status: 401 }, { status: 401 }),
      ),
    );
    await failure(getDetails());
    expect(authStore.getState().n1aiToken).toBeNull();
    expect(authStore.getState().account).toBeNull();
  });

  it("does not retry a 401 from GenerateToken itself", async () => {
    let calls = 0;
    server.use(
      http.post(`${API}/authorization/local/GenerateToken`, () => {
        calls += 1;
        return HttpResponse.json(
          {
            type: "about:blank",
            title: "Unauthorized",
            status: 401,
            detail: "The user name or password is incorrect.",
          },
          { status: 401, headers: { "Content-Type": "application/problem+json" } },
        );
      }),
    );
    const error = await failure(
      unwrap(
        api.POST("/authorization/{identityProvider}/GenerateToken", {
          params: { path: { identityProvider: "local" } },
          body: { userName: "ada", password: "wrong" },
        }),
      ),
    );
    expect(calls).toBe(1);
    expect(error.data).toMatchObject({ detail: "The user name or password is incorrect." });
  });

  it("never regenerates in public mode", async () => {
    signInForTest();
    window.history.replaceState(null, "", "/public-chat/helpdesk");
    let tokenRequests = 0;
    server.use(
      http.post(`${API}/authorization/local/GenerateToken`, () => {
        tokenRequests += 1;
        return HttpResponse.json({ n1AIToken: makeToken() });
      }),
      http.get(`${API}/CurrentUser/details`, () => new HttpResponse(null, { status: 401 })),
    );
    await failure(getDetails());
    expect(tokenRequests).toBe(0);
  });
});

describe("503: busy flag, wait Retry-After, retry until success", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("sets the busy flag, waits the Retry-After seconds, retries and clears the flag", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    signInForTest();
    const answeredAt: number[] = [];
    server.use(
      http.get(`${API}/CurrentUser/details`, () => {
        answeredAt.push(Date.now());
        return answeredAt.length < 3
          ? new HttpResponse("busy", { status: 503, headers: { "Retry-After": "2" } })
          : HttpResponse.json(userDetails);
      }),
    );
    const pending = getDetails();
    await settle(() => selectBusy(busyStore.getState()));
    expect(answeredAt).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1999);
    expect(answeredAt).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await settle(() => answeredAt.length === 2);
    expect(selectBusy(busyStore.getState())).toBe(true);
    await vi.advanceTimersByTimeAsync(2000);
    await expect(pending).resolves.toEqual(userDetails);
    expect(answeredAt).toHaveLength(3);
    expect(selectBusy(busyStore.getState())).toBe(false);
  });

  it("waits 10 s when the 503 names no Retry-After", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    let calls = 0;
    server.use(
      http.get(`${API}/features/List`, () => {
        calls += 1;
        return calls === 1 ? new HttpResponse(null, { status: 503 }) : HttpResponse.json([]);
      }),
    );
    const pending = unwrap(api.GET("/features/List"));
    await settle(() => calls === 1);
    await vi.advanceTimersByTimeAsync(9999);
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(pending).resolves.toEqual([]);
    expect(calls).toBe(2);
  });
});

describe("normalised errors", () => {
  it("reports a network failure as FETCH_ERROR", async () => {
    server.use(http.get(`${API}/features/List`, () => HttpResponse.error()));
    const error = await failure(unwrap(api.GET("/features/List")));
    expect(error.status).toBe("FETCH_ERROR");
  });

  it("reports an unparsable JSON body as PARSING_ERROR", async () => {
    server.use(
      http.get(
        `${API}/features/List`,
        () => new HttpResponse("{not json", { headers: { "Content-Type": "application/json" } }),
      ),
    );
    const error = await failure(unwrap(api.GET("/features/List")));
    expect(error.status).toBe("PARSING_ERROR");
  });

  it("reports an unparsable problem+json error body as PARSING_ERROR", async () => {
    server.use(
      http.get(
        `${API}/features/List`,
        () => new HttpResponse("<html>", { status: 400, headers: { "Content-Type": "application/problem+json" } }),
      ),
    );
    const error = await failure(unwrap(api.GET("/features/List")));
    expect(error.status).toBe("PARSING_ERROR");
  });

  it("reports a request that outlives its timeout as TIMEOUT_ERROR", async () => {
    server.use(
      http.get(`${API}/features/List`, async () => {
        await delay(500);
        return HttpResponse.json([]);
      }),
    );
    const error = await failure(unwrap(api.GET("/features/List", { signal: AbortSignal.timeout(20) })));
    expect(error.status).toBe("TIMEOUT_ERROR");
  });

  it("reads an HTTP 500 body as plain text, even when it claims to be JSON", async () => {
    server.use(http.get(`${API}/features/List`, () => HttpResponse.json({ message: "boom" }, { status: 500 })));
    const error = await failure(unwrap(api.GET("/features/List")));
    expect(error.status).toBe(500);
    expect(error.code).toBe("SERVER_ERROR");
    expect(error.data).toBe('{"message":"boom"}');
  });

  it("parses problem+json error bodies with their field errors", async () => {
    const problem = { type: "about:blank", title: "Bad Request", status: 400, errors: { userName: ["Required."] } };
    server.use(
      http.get(`${API}/features/List`, () =>
        HttpResponse.json(problem, { status: 400, headers: { "Content-Type": "application/problem+json" } }),
      ),
    );
    const error = await failure(unwrap(api.GET("/features/List")));
    expect(error.status).toBe(400);
    expect(error.data).toEqual(problem);
  });
});
