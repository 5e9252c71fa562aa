import { QueryClientProvider, useQuery } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { delay, http, HttpResponse } from "msw";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { readAtOpening, settledWithin } from "../../../../src/app/api/openingReads";
import { featureFlagsQuery } from "../../../../src/app/api/queries/useFeatureFlags";
import { authActions } from "../../../../src/app/auth/authStore";
import { createQueryClient } from "../../../../src/app/queryClient";
import { readShellAtOpening } from "../../../../src/app/shellOpeningReads";
import { API } from "../../utils/handlers";
import { signInForTest } from "../../utils/renderApp";
import { server } from "../../utils/server";

/** Counts the requests of each path under the API. */
function countRequests(): Map<string, number> {
  const counts = new Map<string, number>();
  server.events.on("request:start", ({ request }) => {
    const path = new URL(request.url).pathname.replace(/^\/api\/internal/, "");
    counts.set(path, (counts.get(path) ?? 0) + 1);
  });
  return counts;
}

function FeatureCount() {
  const { data } = useQuery(featureFlagsQuery);
  return <p>{data ? `${data.length} flags` : "loading"}</p>;
}

const withClient = (queryClient: ReturnType<typeof createQueryClient>, children: ReactNode) => (
  <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
);

describe("reads at opening", () => {
  afterEach(() => {
    server.events.removeAllListeners();
    authActions.reset();
    vi.useRealTimers();
  });

  it("requests the shell's data before anything renders: the brand and settings, and the user's own once signed in", async () => {
    const counts = countRequests();
    await Promise.all(readShellAtOpening(createQueryClient()));
    expect([...counts.keys()].sort()).toEqual(["/InstanceSettings", "/brands/default"]);

    signInForTest();
    counts.clear();
    await Promise.all(readShellAtOpening(createQueryClient()));
    expect([...counts.keys()].sort()).toEqual([
      "/CurrentUser/details",
      "/InstanceSettings",
      "/brands/default",
      "/features/List",
    ]);
  });

  it("is not requested again by the components that first show it", async () => {
    signInForTest();
    const queryClient = createQueryClient();
    const counts = countRequests();
    await readAtOpening(queryClient, featureFlagsQuery);
    render(withClient(queryClient, <FeatureCount />));
    expect(await screen.findByText(/flags$/)).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(counts.get("/features/List")).toBe(1);
  });

  it("leaves components to read it again once the opening is over, or when another read replaced it", async () => {
    signInForTest();
    const queryClient = createQueryClient();
    const counts = countRequests();
    await readAtOpening(queryClient, featureFlagsQuery);
    // A later read is data like any other: stale at once, as before.
    await queryClient.fetchQuery({ ...featureFlagsQuery, staleTime: 0 });
    expect(counts.get("/features/List")).toBe(2);
    const view = render(withClient(queryClient, <FeatureCount />));
    await vi.waitFor(() => expect(counts.get("/features/List")).toBe(3));
    view.unmount();

    // Ten seconds after an opening read, a component mounting reads again.
    const later = createQueryClient();
    await readAtOpening(later, featureFlagsQuery);
    const opened = Date.now();
    vi.useFakeTimers({ toFake: ["Date"], now: opened + 10_001 });
    render(withClient(later, <FeatureCount />));
    await vi.waitFor(() => expect(counts.get("/features/List")).toBe(5));
  });

  it("lets the first render wait for the reads, but never longer than the cap", async () => {
    server.use(
      http.get(`${API}/InstanceSettings`, async () => {
        await delay(2_000);
        return HttpResponse.json({});
      }),
    );
    const started = performance.now();
    await settledWithin(
      [readAtOpening(createQueryClient(), featureFlagsQuery), new Promise((r) => setTimeout(r, 30))],
      1_000,
    );
    const settled = performance.now() - started;
    expect(settled).toBeGreaterThanOrEqual(29);
    expect(settled).toBeLessThan(900);

    const capped = performance.now();
    await settledWithin(readShellAtOpening(createQueryClient()), 150);
    expect(performance.now() - capped).toBeGreaterThanOrEqual(149);
    expect(performance.now() - capped).toBeLessThan(1_500);
  });
});
