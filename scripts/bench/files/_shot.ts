import { writeFileSync } from "node:fs";
import { launchChromium } from "../../../tests/support/chromium.ts";
import { startServer } from "../../../tests/support/server.ts";
import { makePdf } from "../../../tests/helpers/fileFixtures.ts";
import { LoginPage } from "../../../tests/e2e/pages/LoginPage.ts";
import { ChatShell } from "../../../tests/e2e/pages/ChatShell.ts";

const server = await startServer();
const browser = await launchChromium();
try {
  const context = await browser.newContext({ baseURL: server.baseUrl, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  page.on("pageerror", (e) => console.log("pageerror", e.message));
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn(server.adminUserName, server.adminPassword);
  await new ChatShell(page).waitUntilShown();
  await page.goto("/admin/datasource/new");
  await page.waitForURL((u) => u.pathname === "/admin/datasource/FileLibrary/default/new");
  await page.getByLabel("Name").fill("Network handbook");
  await page.getByLabel("Description").fill("Runbooks and architecture notes");
  await page.getByRole("button", { name: "Create" }).click();
  await page.waitForURL((u) => /\/admin\/datasource\/FileLibrary\/default\/[^/]+\/edit$/.test(u.pathname), { timeout: 20000 });
  writeFileSync("/tmp/shots/net.pdf", makePdf([["Orion Gateway forwards every request to Cobalt Relay."], ["Cobalt Relay is maintained by the night shift."]]));
  writeFileSync("/tmp/shots/notes.md", "# Escalation\n\nCall the NOC on ext. 4411 for Orion Gateway outages.\n");
  writeFileSync("/tmp/shots/broken.pdf", "%PDF-1.7\nnothing useful\n%%EOF");
  await page.getByTestId("file-library-upload").setInputFiles(["/tmp/shots/net.pdf", "/tmp/shots/notes.md", "/tmp/shots/broken.pdf"]);
  await page.waitForTimeout(5000); await page.screenshot({ path: "/tmp/shots/debug.png", fullPage: true });
  await page.getByText("net.pdf").first().waitFor({ timeout: 20000 });
  await page.waitForTimeout(4000);
  await page.screenshot({ path: "/tmp/shots/library.png", fullPage: true });
  await page.goto("/admin/datasource");
  await page.waitForTimeout(2500);
  await page.screenshot({ path: "/tmp/shots/list.png", fullPage: true });
  await page.goto("/admin/datasource/FileLibrary/default/new");
  await page.getByLabel("Name").fill("Second");
  await page.route("**/withDefaultEndpoints", async (route) => {
    // Hold the stream's answer a moment to see the progress list.
    const response = await route.fetch();
    await route.fulfill({ response });
  });
  await page.screenshot({ path: "/tmp/shots/new.png", fullPage: true });
} finally {
  await browser.close();
  await server.stop();
}
