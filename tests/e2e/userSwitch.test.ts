/**
 * One browser, two people (a shared computer): nothing of the first user's chat (the conversation
 * open, its text, what was typed or attached) is shown to the next one who signs in there, after a
 * logout and after a forced sign-out (the account disabled while the page was open).
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { adminToken, openaiModelEnv, setUpE2eAppWithModel, signInToChat } from "./fakeModelApp.ts";
import { expectLocation, expectVisible, waitForSettled } from "./harness.ts";
import { ChatPage } from "./pages/ChatPage.ts";
import { ChatShell } from "./pages/ChatShell.ts";
import { LoginPage } from "./pages/LoginPage.ts";

const { app, model } = setUpE2eAppWithModel({
  serverEnv: (fake) => ({ ...openaiModelEnv(fake), STATIC_DIR: process.env.E2E_STATIC_DIR }),
});

async function callAdminApi(method: string, path: string, body: unknown): Promise<Response> {
  return fetch(`${app.server.baseUrl}/api/internal/admin${path}`, {
    method,
    headers: { "content-type": "application/json", authorization: `Bearer ${await adminToken(app.server)}` },
    body: JSON.stringify(body),
  });
}

async function createUser(userName: string): Promise<{ userId: string; password: string }> {
  const password = `${userName}-long-password`;
  const response = await callAdminApi("POST", "/users", { userName, displayName: userName, password });
  expect(response.status).toBe(201);
  return { userId: ((await response.json()) as { userId: string }).userId, password };
}

/** Asks `question` and waits for its answer; the draft is then typed without being sent. */
async function askThenType(chat: ChatPage, question: string, draft: string): Promise<void> {
  model().enqueue({ tokens: [`Answer to ${question}`] }, { tokens: [`Title of ${question}`] });
  await chat.ask(question);
  expect(await chat.waitForAnswerEnd(0)).toBe("Complete");
  await chat.composer.fill(draft);
}

async function expectNothingOf(page: Page, ...texts: string[]): Promise<void> {
  const chat = new ChatPage(page);
  await expectVisible(chat.composer, "the next user's composer");
  await expectLocation(page, "/chat");
  expect(await chat.composer.inputValue()).toBe("");
  await waitForSettled(page); // what the page reads once signed in is shown by then
  const body = (await page.locator("body").innerText()).toString();
  for (const text of texts) expect(body).not.toContain(text);
}

describe("two users in one browser", () => {
  it("shows the next user nothing of the one who logged out", async () => {
    const first = await createUser("first-user");
    const second = await createUser("second-user");
    const { page, chat } = await signInToChat(app, "first-user", first.password);
    await askThenType(chat, "FIRST-SECRET question", "FIRST-DRAFT typed");
    await expect.poll(() => new URL(page.url()).searchParams.get("c")).not.toBeNull();
    const firstConversation = new URL(page.url()).searchParams.get("c");

    await new ChatShell(page).accountButton("first-user").click();
    await page.getByRole("menuitem", { name: "Logout" }).click();
    await new LoginPage(page).signIn("second-user", second.password);

    await expectNothingOf(page, "FIRST-SECRET", "FIRST-DRAFT", "Answer to FIRST");
    // Its address, opened as the next user: the server refuses it, and the page has kept nothing of it.
    await page.goto(`/chat?c=${firstConversation}`);
    await expectVisible(
      page.getByText("This conversation is not available: it may have been deleted.", { exact: false }),
      "the refusal",
    );
    const body = await page.locator("body").innerText();
    expect(body).not.toContain("FIRST-SECRET");
    expect(body).not.toContain("Answer to FIRST");
  });

  it("shows the next user nothing of the one signed out by force", async () => {
    const third = await createUser("third-user");
    const fourth = await createUser("fourth-user");
    const { page, chat } = await signInToChat(app, "third-user", third.password);
    await askThenType(chat, "THIRD-SECRET question", "THIRD-DRAFT typed");

    expect(
      (
        await callAdminApi("PUT", `/users/${third.userId}`, {
          userName: "third-user",
          displayName: "third-user",
          isDisabled: true,
        })
      ).status,
    ).toBe(200);
    await chat.composer.press("Enter"); // refused: the account is disabled, the page goes to the login
    const login = new LoginPage(page);
    await login.waitUntilShown();
    await login.signIn("fourth-user", fourth.password);

    await expectNothingOf(page, "THIRD-SECRET", "THIRD-DRAFT", "Answer to THIRD");
  });
});
