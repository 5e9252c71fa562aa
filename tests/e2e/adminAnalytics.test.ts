/**
 * The admin dashboard against the real server: a conversation made in the test
 * (answered by a fake model reporting its token usage) appears in the figures
 * and the per-agent table, and Export CSV downloads analytics-export.csv with it.
 */
import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeModelServer, startFakeModelServer } from "../fakes/fakeModelServer.ts";
import { expectVisible, setUpE2eApp, waitForSettled } from "./harness.ts";
import { AdminShell } from "./pages/adminShell.ts";
import { AnalyticsDashboard } from "./pages/AnalyticsDashboard.ts";
import { ChatPage } from "./pages/ChatPage.ts";
import { ChatShell } from "./pages/ChatShell.ts";
import { LoginPage } from "./pages/LoginPage.ts";

let fake: FakeModelServer | undefined;
// Registered before setUpE2eApp, so it runs first: the server needs the fake's URL at start.
beforeAll(async () => {
  fake = await startFakeModelServer();
});
afterAll(async () => {
  await fake?.close();
});
const model = () => {
  if (!fake) throw new Error("the fake model server is not running");
  return fake;
};

const app = setUpE2eApp({
  serverEnv: () => ({ OPENAI_BASE_URL: model().openaiBaseUrl, OPENAI_API_KEY: "sk-test", OPENAI_MODEL: "fake-model" }),
});

const CSV_HEADER =
  "date,conversationId,gptSystemId,agentName,userName,segments,inputTokens,outputTokens,feedbackPositive,feedbackNegative,averageTimeToFirstTokenMs,averageDurationMs,title";

describe("the analytics dashboard", () => {
  it("shows a conversation made in the test and exports it as analytics-export.csv", async () => {
    model().enqueue(
      { tokens: ["Counted", " once", "."], delayMs: 30, usage: { inputTokens: 17, outputTokens: 3 } },
      { tokens: ["Counting conversations"] },
    );
    const page = await app.newPage();
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn(app.server.adminUserName, app.server.adminPassword);
    await new ChatShell(page).waitUntilShown();
    const chat = new ChatPage(page);
    await expectVisible(chat.composer, "the composer");
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
});
