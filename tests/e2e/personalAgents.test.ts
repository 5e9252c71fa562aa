/**
 * Personal agents and their moderation against the real server and the built
 * front end: a user creates an agent with Quick Create, edits and publishes it,
 * chats with it and reports it; an administrator sees the moderation badge,
 * opens the report and bans the agent; the user can no longer chat with it.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectLocation, expectVisible, setUpE2eApp, waitForSettled } from "./harness.ts";
import { ChatPage } from "./pages/ChatPage.ts";
import { ChatShell } from "./pages/ChatShell.ts";
import { LoginPage } from "./pages/LoginPage.ts";

const app = setUpE2eApp();

const USER = { userName: "pat.e2e", password: "personal-agents-e2e-password" };
const AGENT_NAME = "Trip planner";

async function signIn(page: Page, userName: string, password: string): Promise<void> {
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn(userName, password);
  await new ChatShell(page).waitUntilShown();
}

async function apiToken(userName: string, password: string): Promise<string> {
  const response = await fetch(`${app.server.baseUrl}/api/internal/authorization/local/GenerateToken`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ userName, password }),
  });
  return ((await response.json()) as { n1AIToken: string }).n1AIToken;
}

/** A plain user (the built-in user role), made through the admin API. */
async function createUser(): Promise<void> {
  const token = await apiToken(app.server.adminUserName, app.server.adminPassword);
  const response = await fetch(`${app.server.baseUrl}/api/internal/admin/users`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ userName: USER.userName, displayName: "Pat User", password: USER.password }),
  });
  expect(response.status).toBe(201);
}

describe("personal agents and moderation", () => {
  it("creates, chats with and reports a personal agent; an administrator bans it", async () => {
    await createUser();

    // The user: Quick Create → Edit Personal Agent → Publish → chat.
    const page = await app.newPage();
    await signIn(page, USER.userName, USER.password);
    const navigation = page.getByRole("navigation", { name: "Chat navigation" });
    // The navigation starts as the mini rail (spec §3).
    await navigation.getByRole("button", { name: "Expand navigation" }).click();
    await navigation.getByRole("tab", { name: "Agents" }).click();
    await page.getByRole("button", { name: "Create a Personal Agent" }).click();
    const quickCreate = page.getByRole("dialog", { name: "Create a Personal Agent" });
    await quickCreate.getByRole("button", { name: "Create" }).click();
    await expectVisible(quickCreate.getByText("Name is required"), "the name-required message");
    await quickCreate.getByRole("textbox", { name: "Agent name" }).fill(AGENT_NAME);
    await waitForSettled(page);
    await app.screenshot(page, "personal-agents-quick-create");
    await quickCreate.getByRole("button", { name: "Create" }).click();

    await expectVisible(page.getByRole("heading", { name: "Edit Personal Agent" }), "the edit page");
    expect(new URL(page.url()).pathname).toMatch(/^\/chat\/agents\/configstate\/[0-9a-f-]{36}\/edit$/);
    await page.getByRole("textbox", { name: "Description" }).fill("Plans weekend trips.");
    await page.getByRole("textbox", { name: "Instructions" }).fill("You plan short trips. Keep answers brief.");
    await page.getByRole("textbox", { name: "Introduction" }).fill("Where would you like to go?");
    await page.getByRole("spinbutton", { name: "Temperature" }).fill("0.4");
    await waitForSettled(page);
    await app.screenshot(page, "personal-agents-edit");
    await page.getByRole("button", { name: "Publish" }).click();

    await expectVisible(page.getByText("Agent published"), "the published toast");
    const chat = new ChatPage(page);
    await expectVisible(chat.composer, "the composer");
    const gptSystemId = new URL(page.url()).pathname.split("/")[2]!;
    await expectVisible(page.getByText("Where would you like to go?"), "the agent's introduction");
    await chat.ask("Plan a day in Lisbon");
    expect(await chat.waitForAnswerEnd(0)).toBe("Complete");

    // The user reports the agent from its answer.
    await chat.answer(0).hover();
    await page.getByRole("button", { name: "Report agent" }).click();
    const report = page.getByRole("dialog", { name: "Report this agent" });
    await report.getByRole("combobox", { name: "Reason" }).click();
    await page.getByRole("option", { name: "Misinformation" }).click();
    await report.getByRole("textbox", { name: "Details (optional)" }).fill("It invented a museum.");
    await waitForSettled(page);
    await app.screenshot(page, "personal-agents-report-dialog");
    await report.getByRole("button", { name: "Report", exact: true }).click();
    await expectVisible(page.getByText("Report submitted"), "the report toast");

    // The administrator: badge 1 → the report → BanAgent → 'Decision submitted'.
    const admin = await app.newPage();
    await signIn(admin, app.server.adminUserName, app.server.adminPassword);
    await admin.goto("/admin/moderation");
    const moderationItem = admin
      .getByRole("navigation", { name: "Admin navigation" })
      .getByRole("link", { name: /Report Moderation/ });
    await expectVisible(moderationItem.getByLabel("1 open reports"), "the badge counting one open report");
    await expectVisible(admin.getByRole("heading", { name: "Admin: Moderation" }), "the moderation list");
    await expectVisible(admin.getByRole("cell", { name: AGENT_NAME }), "the report's row");
    await waitForSettled(admin);
    await app.screenshot(admin, "moderation-list");
    await admin.getByRole("table").getByRole("link").first().click();

    await expectVisible(admin.getByRole("heading", { name: "Admin: Moderation Report" }), "the report page");
    await expectVisible(admin.getByText("It invented a museum."), "the report's details");
    await expectVisible(admin.getByText("Plan a day in Lisbon"), "the conversation context");
    await admin.getByRole("radio", { name: "Ban agent" }).check();
    await admin.getByRole("button", { name: "Submit decision" }).click();
    await expectVisible(admin.getByText("Note is required"), "the note-required message");
    await admin
      .getByRole("textbox", { name: "Note for internal reference (required)" })
      .fill("Invents places; banned.");
    await waitForSettled(admin);
    await app.screenshot(admin, "moderation-report");
    await admin.getByRole("button", { name: "Submit decision" }).click();
    const confirm = admin.getByRole("dialog", { name: "Are you sure?" });
    await confirm.getByRole("button", { name: "Ban Agent" }).click();
    await expectVisible(admin.getByText("Decision submitted"), "the decision toast");
    await expectLocation(admin, "/admin/moderation");
    await expect.poll(() => moderationItem.getByLabel(/open reports/).count()).toBe(0);

    // The user can no longer chat with it: shown banned, and the server refuses a conversation.
    await page.goto("/chat/agents");
    const mine = page.getByRole("region", { name: "My Personal Agents" });
    await expectVisible(mine.getByText("Banned Agent"), "the banned agent");
    expect(await mine.getByRole("button", { name: "Chat" }).count()).toBe(0);
    await waitForSettled(page);
    await app.screenshot(page, "personal-agents-banned");
    const token = await apiToken(USER.userName, USER.password);
    const refused = await fetch(`${app.server.baseUrl}/api/internal/userConversations/byGptSystemId/${gptSystemId}`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ question: "Still there?" }),
    });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { detail: string }).detail).toBe("This agent has been banned by a moderator.");
  });
});
