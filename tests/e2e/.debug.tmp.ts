import { startServer } from "../support/server.ts";
import { launchChromium } from "../support/chromium.ts";
import { AdminFormPage } from "./pages/adminResourcePages.ts";
const server = await startServer({ env: { STATIC_DIR: process.env.STATIC_DIR } });
const browser = await launchChromium();
try {
  const context = await browser.newContext({ baseURL: server.baseUrl, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  page.on("request", (r) => { if (r.url().includes("/admin/") && r.method() !== "GET") console.log(r.method(), r.url(), r.postData()); });
  page.on("console", (m) => { if (m.type() === "error") console.log("console.error:", m.text()); });
  await page.goto("/auth/jwt/login");
  await page.getByLabel("User name").fill(server.adminUserName);
  await page.getByLabel("Password", { exact: true }).fill(server.adminPassword);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL((u) => u.pathname.startsWith("/chat"));
  const form = new AdminFormPage(page);
  await page.goto("/admin/gptsystem/new");
  await form.fill("Name", "Round trip agent");
  await form.save();
  await page.waitForURL((u) => /edit$/.test(u.pathname));
  await form.deleteButton.waitFor();
  page.on("framenavigated", (f) => console.log("nav", f.url()));
  await form.deleteButton.click();
  await page.getByRole("dialog").getByRole("button", { name: "Confirm", exact: true }).click({ noWaitAfter: true });
  await page.waitForTimeout(3000);
  console.log("url", page.url());
  await page.screenshot({ path: "/tmp/shots/after-delete.png" });
} finally {
  await browser.close();
  await server.stop();
}
