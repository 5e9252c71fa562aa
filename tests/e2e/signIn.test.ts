import { describe, expect, it } from "vitest";
import { expectLocation, expectVisible, setUpE2eApp } from "./harness.ts";
import { ChatShell } from "./pages/ChatShell.ts";
import { LoginPage } from "./pages/LoginPage.ts";

/** The seeded bootstrap administrator's display name. */
const ADMIN_DISPLAY_NAME = "Administrator";

const app = setUpE2eApp();

describe("local sign-in", () => {
  it("sends /chat to the login page and, after signing in, shows the chat shell", async () => {
    const page = await app.newPage();
    await page.goto("/chat");
    const login = new LoginPage(page);
    await login.waitUntilShown();

    await login.signIn(app.server.adminUserName, app.server.adminPassword);

    await expectLocation(page, "/chat");
    const shell = new ChatShell(page);
    await expectVisible(shell.navigation, "the chat side navigation");
    await expectVisible(shell.newChatButton, "the 'New Chat' button");
    expect(await shell.accountButton(ADMIN_DISPLAY_NAME).count()).toBe(1);
  });

  it("returns to a protected deep link, query included, after signing in", async () => {
    const page = await app.newPage();
    await page.goto("/chat/agents?x=1");
    const login = new LoginPage(page);
    await login.waitUntilShown();

    await login.signIn(app.server.adminUserName, app.server.adminPassword);

    await expectLocation(page, "/chat/agents?x=1");
  });

  it("shows the server's message for a wrong password and stays on the login page", async () => {
    const page = await app.newPage();
    const login = new LoginPage(page);
    await login.goto();

    await login.signIn(app.server.adminUserName, `${app.server.adminPassword}-wrong`);

    await expectVisible(login.message("The user name or password is incorrect."), "the sign-in error");
    expect(new URL(page.url()).pathname).toBe(LoginPage.path);
  });
});
