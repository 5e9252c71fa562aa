import { http, HttpResponse } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { authStore } from "../../../../src/app/auth/authStore";
import { handleVersionMismatch, tokenMatchesClient } from "../../../../src/app/version/checkVersion";
import { CLIENT_VERSION, sameVersion, TOKEN_VERSION_CLAIM } from "../../../../src/app/version";
import { API } from "../../utils/handlers";
import { signInForTest } from "../../utils/renderApp";
import { server } from "../../utils/server";
import { makeToken } from "../../utils/token";

const indexWithVersion = (version: string) =>
  http.get("/index.html", () =>
    HttpResponse.text(`<html><head><meta name="app-version" content="${version}" /></head></html>`),
  );

describe("version check (spec §4)", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("knows the client version and its token claim", () => {
    expect(CLIENT_VERSION).toBe("2.2512.3822");
    expect(TOKEN_VERSION_CLAIM).toBe("2.2512.3822.0");
    expect(sameVersion("2.2512.3822.0", "2.2512.3822")).toBe(true);
    expect(sameVersion("2.2512.3820", "2.2512.3822")).toBe(false);
    expect(tokenMatchesClient(makeToken())).toBe(true);
    expect(tokenMatchesClient(makeToken({ version: "2.2601.1.0" }))).toBe(false);
  });

  it("refreshes the token and reloads after 100 ms when a newer page is served", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout"] });
    signInForTest({ version: "2.2601.1.0" });
    const fresh = makeToken({ version: "2.2601.1.0", name: "Fresh" });
    server.use(
      http.post(`${API}/authorization/local/GenerateToken`, () => HttpResponse.json({ n1AIToken: fresh })),
      indexWithVersion("2.2601.1"),
    );
    const reload = vi.fn();
    await expect(handleVersionMismatch({ reload })).resolves.toBe("reloading");
    expect(authStore.getState().n1aiToken).toBe(fresh);
    vi.advanceTimersByTime(99);
    expect(reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("skips the reload when the served page is this version and no force is requested", async () => {
    signInForTest({ version: "2.2601.1.0" });
    server.use(
      http.post(`${API}/authorization/local/GenerateToken`, () =>
        HttpResponse.json({ n1AIToken: makeToken({ version: "2.2601.1.0" }) }),
      ),
      indexWithVersion(CLIENT_VERSION),
    );
    const reload = vi.fn();
    await expect(handleVersionMismatch({ reload })).resolves.toBe("skipped");
    await expect(handleVersionMismatch({ reload, force: true })).resolves.toBe("reloading");
  });

  it("needs no reload when the refreshed token carries this version", async () => {
    signInForTest({ version: "2.2601.1.0" });
    server.use(
      http.post(`${API}/authorization/local/GenerateToken`, () => HttpResponse.json({ n1AIToken: makeToken() })),
    );
    await expect(handleVersionMismatch({ reload: vi.fn() })).resolves.toBe("current");
  });
});
