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

  it("rings the navigation rail's buttons focused with the keyboard (WCAG 2.4.7), on the dark menu surface", async () => {
    const page = await app.newPage();
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn(app.server.adminUserName, app.server.adminPassword);
    await expectVisible(new ChatShell(page).newChatButton, "the 'New Chat' button");
    // The rail shows while the navigation is collapsed (as it starts with no chats yet).
    const collapse = page.getByRole("button", { name: "Collapse navigation" });
    if (await collapse.isVisible()) await collapse.click();
    const expand = page.getByRole("button", { name: "Expand navigation" });
    await expectVisible(expand, "the 'Expand navigation' button");
    const outlineOf = () =>
      page.evaluate(() => {
        const style = getComputedStyle(document.activeElement!);
        return { label: document.activeElement!.getAttribute("aria-label"), outline: `${style.outlineStyle} ${style.outlineWidth}` };
      });
    // Focus reaches the rail from the keyboard: from the logo before it, then on to New Chat.
    await expand.focus();
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Tab");
    expect(await outlineOf()).toEqual({ label: "Expand navigation", outline: "solid 2px" });
    await page.keyboard.press("Tab");
    expect(await outlineOf()).toEqual({ label: "New Chat", outline: "solid 2px" });
    await app.screenshot(page, "navigation-rail-focus");
  });
});
