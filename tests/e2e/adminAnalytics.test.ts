/**
 * The admin dashboard against the real server: a conversation made in the test
 * (answered by a fake model reporting its token usage) appears in the figures
 * and the per-agent table, and Export CSV downloads analytics-export.csv with it.
 */
import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { adminToken, openaiModelEnv, setUpE2eAppWithModel, signInToChat } from "./fakeModelApp.ts";
import { expectVisible, waitForSettled } from "./harness.ts";
import { AdminShell } from "./pages/adminShell.ts";
import { AnalyticsDashboard } from "./pages/AnalyticsDashboard.ts";
import { ChatShell } from "./pages/ChatShell.ts";
import { LoginPage } from "./pages/LoginPage.ts";

const { app, model } = setUpE2eAppWithModel({ serverEnv: openaiModelEnv });

async function adminApi<T>(token: string, path: string, body?: object): Promise<T> {
  const response = await fetch(`${app.server.baseUrl}/api/internal/admin${path}`, {
    method: body ? "POST" : "GET",
    headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return (await response.json()) as T;
}

const CSV_HEADER =
  "date,conversationId,gptSystemId,agentName,userName,segments,inputTokens,outputTokens,feedbackPositive,feedbackNegative,averageTimeToFirstTokenMs,averageDurationMs,title";

describe("the analytics dashboard", () => {
  it("shows a conversation made in the test and exports it as analytics-export.csv", async () => {
    model().enqueue(
      { tokens: ["Counted", " once", "."], delayMs: 30, usage: { inputTokens: 17, outputTokens: 3 } },
      { tokens: ["Counting conversations"] },
    );
    const { page, chat } = await signInToChat(app);
    await chat.ask("How are conversations counted?");
    expect(await chat.waitForAnswerEnd(0)).toBe("Complete");

    await new AdminShell(page).goto("/admin");
    const dashboard = new AnalyticsDashboard(page);
    expect(await dashboard.figure("Conversations")).toBe("1");
    expect(await dashboard.figure("Questions")).toBe("1");
    expect(await dashboard.figure("Active users")).toBe("1");
    expect(await dashboard.figure("Input tokens")).toBe("17");
    expect(await dashboard.figure("Output tokens")).toBe("3");
    expect(await dashboard.figure("Feedback")).toBe("0 up · 0 down");
    const [row, ...others] = await dashboard.agentRows();
    expect(others).toEqual([]);
    expect(row!.slice(0, 8)).toEqual(["Assistant", "1", "1", "1", "17", "3", "0", "0"]);
    await expectVisible(page.getByRole("img", { name: "Conversations and questions per day" }), "the activity chart");
    await waitForSettled(page);
    await app.screenshot(page, "admin-analytics-dashboard");

    const download = await dashboard.exportCsv();
    expect(download.suggestedFilename()).toBe("analytics-export.csv");
    const lines = (await readFile(await download.path(), "utf8")).split("\r\n");
    expect(lines[0]).toBe(CSV_HEADER);
    expect(lines).toHaveLength(3);
    expect(lines[2]).toBe("");
    const fields = lines[1]!.split(",");
    expect(fields[0]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(fields.slice(3, 10)).toEqual(["Assistant", app.server.adminUserName, "1", "17", "3", "0", "0"]);
    expect(Number(fields[10])).toBeGreaterThan(0);
    expect(Number(fields[11])).toBeGreaterThanOrEqual(Number(fields[10]));
    expect(fields[12]).toBe("Counting conversations");
  });

  it("runs a performance test against the agent and shows its measurements and history", async () => {
    const token = await adminToken(app.server);
    const [assistant] = await adminApi<{ gptSystemId: string; name: string }[]>(
      token,
      `/gptSystems?filter=${encodeURIComponent(JSON.stringify({ q: "Assistant" }))}`,
    );
    await adminApi(token, "/performanceTests", {
      name: "Assistant latency",
      gptSystemId: assistant!.gptSystemId,
      prompts: ["Say hello", "Count to three"],
    });
    model().enqueue(
      { tokens: ["Hel", "lo"], delayMs: 40, usage: { inputTokens: 9, outputTokens: 8 } },
      { tokens: ["One", " two", " three"], delayMs: 40, usage: { inputTokens: 9, outputTokens: 12 } },
    );
    const page = await app.newPage();
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn(app.server.adminUserName, app.server.adminPassword);
    await new ChatShell(page).waitUntilShown();
    await new AdminShell(page).goto("/admin");
    await page.getByRole("link", { name: "Performance tests", exact: true }).click();
    await expectVisible(
      page.getByRole("heading", { level: 1, name: "Performance tests" }),
      "the performance tests page",
    );
    await expectVisible(page.getByText("Assistant · 2 prompts"), "the test's agent and prompt count");
    await page.getByRole("button", { name: "Run now" }).click();
    const results = page.getByRole("table", { name: "Results" });
    await results.getByText("Complete").nth(1).waitFor();
    const rows = await results
      .locator("tbody tr")
      .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll("td")].map((td) => td.innerText.trim())));
    expect(rows.map((cells) => [cells[0], cells[1], cells[4]])).toEqual([
      ["Say hello", "Complete", "8"],
      ["Count to three", "Complete", "12"],
    ]);
    for (const cells of rows) {
      expect(cells[2]).toMatch(/^\d+ ms$/);
      expect(Number(cells[5])).toBeGreaterThan(0);
    }
    const history = page.getByRole("table", { name: "History of runs" });
    expect(await history.locator("tbody tr").count()).toBe(1);
    await waitForSettled(page);
    await app.screenshot(page, "admin-performance-tests");

    // The saved tests themselves are a plain registry resource.
    await page.getByRole("link", { name: "Manage tests" }).click();
    await expectVisible(page.getByRole("heading", { level: 1, name: "Performance Tests" }), "the registry list");
    await expectVisible(page.getByRole("cell", { name: "Assistant latency" }), "the saved test in the list");
    await waitForSettled(page);
    await app.screenshot(page, "admin-performance-tests-list");
  });
});
