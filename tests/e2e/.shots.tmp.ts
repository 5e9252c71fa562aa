// Temporary developer script (not a test): screenshots of admin screens against a real server.
import { startServer } from "../support/server.ts";
import { launchChromium } from "../support/chromium.ts";

const server = await startServer({ env: { STATIC_DIR: process.env.STATIC_DIR } });
const browser = await launchChromium();
try {
  const context = await browser.newContext({ baseURL: server.baseUrl, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  page.on("console", (m) => { if (m.type() === "error") console.log("console.error:", m.text()); });
  page.on("pageerror", (e) => console.log("pageerror:", e.message));
  await page.goto("/auth/jwt/login");
  await page.getByLabel("User name").fill(server.adminUserName);
  await page.getByLabel("Password", { exact: true }).fill(server.adminPassword);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL((u) => u.pathname.startsWith("/chat"));
  const paths = (process.env.SHOTS ?? "/admin/gptsystem").split(",");
  for (const p of paths) {
    await page.goto(p);
    await page.waitForTimeout(Number(process.env.WAIT ?? 2500));
    const name = p.replace(/[^a-zA-Z0-9]+/g, "_");
    await page.screenshot({ path: `/tmp/shots/${name}.png`, fullPage: true });
    console.log("shot", p, "->", page.url());
  }
} finally {
  await browser.close();
  await server.stop();
}
