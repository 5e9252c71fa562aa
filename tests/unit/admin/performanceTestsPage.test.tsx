import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import type { components } from "../../../src/generated/api";
import { renderApp, signInForTest } from "../utils/renderApp";
import { server } from "../utils/server";

type Run = components["schemas"]["PerformanceTestRun"];
const API = "/api/internal/admin/performanceTests";
const TEST_ID = "33333333-3333-4333-8333-333333333333";
const test = {
  performanceTestId: TEST_ID,
  name: "Latency",
  description: "",
  gptSystemId: "44444444-4444-4444-8444-444444444444",
  gptSystemName: "Assistant",
  prompts: ["Say hello", "Count to three"],
  promptCount: 2,
  lastRunAt: null,
  createdAt: "2026-11-20T10:00:00.000Z",
  updatedAt: "2026-11-20T10:00:00.000Z",
};
const run = (status: Run["status"], results: Run["results"]): Run => ({
  runId: "55555555-5555-4555-8555-555555555555",
  performanceTestId: TEST_ID,
  gptSystemId: test.gptSystemId,
  gptSystemName: "Assistant",
  configStateId: "66666666-6666-4666-8666-666666666666",
  languageEngine: "local",
  deploymentName: "fake-model",
  status,
  startedAt: "2026-11-22T09:30:00.000Z",
  completedAt: status === "Running" ? null : "2026-11-22T09:30:02.000Z",
  startedByDisplayName: "Ada Lovelace",
  averageTimeToFirstTokenMs: status === "Running" ? null : 120,
  averageTotalMs: status === "Running" ? null : 900,
  averageTokensPerSecond: status === "Running" ? null : 25.5,
  results,
});
const pending = (position: number, prompt: string) => ({
  position,
  prompt,
  status: "Pending" as const,
  timeToFirstTokenMs: null,
  totalMs: null,
  outputTokens: null,
  tokensPerSecond: null,
  errorText: null,
});

/** Waits long enough for the lazy page and the polled run on a busy machine. */
const SLOW = { timeout: 10_000 };

describe("the performance tests page", { timeout: 30_000 }, () => {
  it("runs the test and shows each prompt's measurements once the polled run completes", async () => {
    let runs: Run[] = [];
    let polls = 0;
    server.use(
      http.get(API, () => HttpResponse.json([test], { headers: { "Content-Range": "performanceTests 0-0/1" } })),
      http.get(`${API}/${TEST_ID}/runs`, () => {
        polls += 1;
        // The second look after the start finds the run finished.
        if (runs[0]?.status === "Running" && polls > 2)
          runs = [
            run("Complete", [
              {
                ...pending(0, "Say hello"),
                status: "Complete",
                timeToFirstTokenMs: 100,
                totalMs: 800,
                outputTokens: 20,
                tokensPerSecond: 25,
              },
              {
                ...pending(1, "Count to three"),
                status: "Failed",
                totalMs: 1000,
                errorText: "The model refused this prompt",
              },
            ]),
          ];
        return HttpResponse.json(runs, { headers: { "Content-Range": `performanceTestRuns */${runs.length}` } });
      }),
      http.post(`${API}/${TEST_ID}/runs`, () => {
        runs = [run("Running", [pending(0, "Say hello"), pending(1, "Count to three")])];
        return HttpResponse.json(runs[0], { status: 202 });
      }),
    );
    signInForTest();
    renderApp("/admin/performanceTest/runs");
    expect(
      await screen.findByRole("heading", { level: 1, name: "Performance tests" }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(await screen.findByText("Assistant · 2 prompts", {}, SLOW)).toBeInTheDocument();
    expect(await screen.findByText("This test has not been run yet.", {}, SLOW)).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Run now" }));
    expect(await screen.findByRole("button", { name: "Running…" }, SLOW)).toBeDisabled();
    const results = await screen.findByRole("table", { name: "Results" }, SLOW);
    await waitFor(() => expect(within(results).getAllByText("Complete")).toHaveLength(1), { timeout: 10_000 });
    const cells = [...results.querySelectorAll("tbody tr")].map((row) =>
      [...row.querySelectorAll("td")].map((td) => td.textContent),
    );
    expect(cells).toEqual([
      ["Say hello", "Complete", "100 ms", "800 ms", "20", "25.00"],
      ["Count to threeThe model refused this prompt", "Failed", "—", "1.0 s", "—", "—"],
    ]);
    expect(
      screen.getByText("Averages: first token 120 ms · total 900 ms · 25.50 tokens/s · fake-model"),
    ).toBeInTheDocument();
    const history = screen.getByRole("table", { name: "History of runs" });
    expect(within(history).getByText("22 Nov 2026, 09:30:00 UTC")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Run now" })).toBeEnabled();
  });
});
