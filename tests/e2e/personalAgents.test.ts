/**
 * Personal agents and their moderation against the real server and the built
 * front end: a user creates an agent with Quick Create, edits and publishes it,
 * chats with it and reports it; an administrator sees the moderation badge,
 * opens the report and bans the agent; the user can no longer chat with it.
 * Sharing: an owner uploads an avatar and shares an agent by link; a second
 * user opens the link, chats and finds it under Shared with me until the owner
 * stops sharing. The owner removes the avatar again and deletes drafts from the
 * Agents page: a published agent's draft is discarded, an unpublished agent goes.
 */
import type { Page } from "playwright-core";
import sharp from "sharp";
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
async function createUser(user = { ...USER, displayName: "Pat User" }): Promise<void> {
  const token = await apiToken(app.server.adminUserName, app.server.adminPassword);
  const response = await fetch(`${app.server.baseUrl}/api/internal/admin/users`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ userName: user.userName, displayName: user.displayName, password: user.password }),
  });
  expect(response.status).toBe(201);
}

async function callApi(token: string, method: string, path: string, body?: unknown): Promise<Response> {
  return fetch(`${app.server.baseUrl}/api/internal${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
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

  it("shares an agent by link: a second user adds it, finds it under Shared with me and chats; unsharing withdraws it", async () => {
    const OWNER = { userName: "sam.e2e", password: "sharing-owner-e2e-password", displayName: "Sam Owner" };
    const RECIPIENT = { userName: "rob.e2e", password: "sharing-recipient-e2e-password", displayName: "Rob Recipient" };
    await createUser(OWNER);
    await createUser(RECIPIENT);
    // The agent itself is made through the API: Quick Create and publishing are covered above.
    const ownerToken = await apiToken(OWNER.userName, OWNER.password);
    const created = await callApi(ownerToken, "POST", "/configStates/personal", { gptSystemName: "Recipe helper" });
    const { configStateId, gptSystemId } = ((await created.json()) as { configuration: { configStateId: string; gptSystemId: string } })
      .configuration;
    await callApi(ownerToken, "PUT", `/configStates/${configStateId}`, { introduction: "What shall we cook?" });
    expect((await callApi(ownerToken, "POST", `/configStates/${configStateId}/publish`)).status).toBe(200);

    // The owner: avatar and Share by link on 'Edit Personal Agent'.
    const owner = await app.newPage();
    await signIn(owner, OWNER.userName, OWNER.password);
    await owner.goto(`/chat/agents/configstate/${configStateId}/edit`);
    await expectVisible(owner.getByRole("heading", { name: "Edit Personal Agent" }), "the edit page");
    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#2a7" } }).png().toBuffer();
    await owner.getByLabel("Avatar").setInputFiles({ name: "avatar.png", mimeType: "image/png", buffer: png });
    await expectVisible(owner.getByText("Avatar updated"), "the avatar toast");
    // The switch follows the server's answer, so it is clicked rather than checked.
    await owner.getByRole("switch", { name: "Share by link" }).click();
    await expectVisible(owner.getByText("Agent shared"), "the sharing toast");
    expect(await owner.getByRole("switch", { name: "Share by link" }).isChecked()).toBe(true);
    const link = await owner.getByRole("textbox", { name: "Share link" }).inputValue();
    expect(link).toBe(`${app.server.baseUrl}/chat/${gptSystemId}`);
    await waitForSettled(owner);
    await app.screenshot(owner, "personal-agents-share");

    // The recipient opens the link, chats, and finds the agent under Shared with me.
    const recipient = await app.newPage();
    await signIn(recipient, RECIPIENT.userName, RECIPIENT.password);
    await recipient.goto(new URL(link).pathname);
    await expectVisible(recipient.getByText("What shall we cook?"), "the shared agent's introduction");
    const chat = new ChatPage(recipient);
    await chat.ask("Something with lentils");
    expect(await chat.waitForAnswerEnd(0)).toBe("Complete");
    await recipient.goto("/chat/agents");
    const shared = recipient.getByRole("region", { name: "Shared with me" });
    await expectVisible(shared.getByRole("heading", { name: "Recipe helper" }), "the agent under Shared with me");
    await waitForSettled(recipient);
    await app.screenshot(recipient, "personal-agents-shared-with-me");

    // The owner stops sharing: the agent leaves the recipient's lists and answers 404.
    await owner.getByRole("switch", { name: "Share by link" }).click();
    await expectVisible(owner.getByText("Agent no longer shared"), "the unsharing toast");
    const recipientToken = await apiToken(RECIPIENT.userName, RECIPIENT.password);
    expect(await (await callApi(recipientToken, "GET", "/gptSystems/directory/Personal/SharedWithMe")).json()).toEqual([]);
    const details = await callApi(recipientToken, "GET", `/userConversations/gptSystems/${gptSystemId}/detailsForConversation`);
    expect(details.status).toBe(404);
  });

  it("removes an uploaded avatar, and deletes drafts from the Agents page", async () => {
    const OWNER = { userName: "kim.e2e", password: "drafts-owner-e2e-password", displayName: "Kim Owner" };
    await createUser(OWNER);
    const token = await apiToken(OWNER.userName, OWNER.password);
    const quickCreate = async (gptSystemName: string) =>
      ((await (await callApi(token, "POST", "/configStates/personal", { gptSystemName })).json()) as {
        configuration: { configStateId: string; gptSystemId: string };
      }).configuration;
    const published = await quickCreate("Garden helper");
    expect((await callApi(token, "POST", `/configStates/${published.configStateId}/publish`)).status).toBe(200);
    const draft = await callApi(token, "POST", `/configStates/fromGptSystem/${published.gptSystemId}`);
    expect(draft.status).toBe(201);
    await quickCreate("Abandoned idea");
    const form = new FormData();
    form.append("gptSystemConfigurationStateId", published.configStateId);
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#a72" } }).png().toBuffer();
    form.append("file", new Blob([new Uint8Array(png)], { type: "image/png" }), published.configStateId);
    const uploaded = await fetch(`${app.server.baseUrl}/api/internal/configStates/${published.configStateId}/avatar`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(uploaded.status).toBe(204);

    // 'Remove avatar' goes back to the identicon, and is offered no more.
    const page = await app.newPage();
    await signIn(page, OWNER.userName, OWNER.password);
    await page.goto(`/chat/agents/configstate/${published.configStateId}/edit`);
    await page.getByRole("button", { name: "Remove avatar" }).click();
    await expectVisible(page.getByText("Avatar removed"), "the avatar-removed toast");
    await expect.poll(() => page.getByRole("button", { name: "Remove avatar" }).count()).toBe(0);
    const avatar = await callApi(token, "GET", `/configStates/${published.configStateId}/avatar`);
    expect(avatar.headers.get("content-type")).toBe("image/svg+xml");

    // The published agent's draft: discarded, the agent stays among My Personal Agents.
    await page.goto("/chat/agents");
    const drafts = page.getByRole("region", { name: "Drafts" });
    await drafts.getByRole("button", { name: "Delete draft: Garden helper" }).click();
    const discard = page.getByRole("dialog", { name: "Discard this draft?" });
    await expectVisible(discard, "the discard confirmation");
    await waitForSettled(page);
    await app.screenshot(page, "personal-agents-discard-draft");
    await discard.getByRole("button", { name: "Discard draft" }).click();
    await expectVisible(page.getByText("Draft discarded"), "the discarded toast");
    await expect.poll(() => drafts.getByRole("heading", { name: "Garden helper" }).count()).toBe(0);
    const mine = page.getByRole("region", { name: "My Personal Agents" });
    await expectVisible(mine.getByRole("heading", { name: "Garden helper" }), "the published agent");

    // The unpublished agent's only draft: the agent goes with it.
    await drafts.getByRole("button", { name: "Delete draft: Abandoned idea" }).click();
    const remove = page.getByRole("dialog", { name: "Delete this agent?" });
    await remove.getByRole("button", { name: "Delete agent" }).click();
    await expectVisible(page.getByText("Agent deleted"), "the deleted toast");
    await expect.poll(() => page.getByRole("region", { name: "Drafts" }).count()).toBe(0);
    expect(await (await callApi(token, "GET", "/gptSystems/directory/Personal/ConfigStates")).json()).toEqual([]);
  });
});
