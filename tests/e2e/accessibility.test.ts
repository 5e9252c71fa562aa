import { describe, expect, it } from "vitest";
import { axeViolations, formatViolations } from "../support/axe.ts";
import { expectVisible, setUpE2eApp, waitForSettled } from "./harness.ts";
import { ChatShell } from "./pages/ChatShell.ts";
import { LoginPage } from "./pages/LoginPage.ts";

const app = setUpE2eApp();

describe("accessibility (axe-core, WCAG 2.2 AA) with screenshots", () => {
  it("the login page has no violations", async () => {
    const page = await app.newPage();
    const login = new LoginPage(page);
    await login.goto();
    await waitForSettled(page);
    await app.screenshot(page, "login-page");

    const violations = await axeViolations(page);

    expect(violations.length, `axe violations on the login page:\n${formatViolations(violations)}`).toBe(0);
  });

  it("the chat shell has no violations", async () => {
    const page = await app.newPage();
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn(app.server.adminUserName, app.server.adminPassword);
    const shell = new ChatShell(page);
    await expectVisible(shell.newChatButton, "the 'New Chat' button");
    await waitForSettled(page);
    await app.screenshot(page, "chat-shell");

    const violations = await axeViolations(page);

    expect(violations.length, `axe violations on the chat shell:\n${formatViolations(violations)}`).toBe(0);
  });
});
