/**
 * The admin area against the real server, in Chromium: an administrator builds a brand
 * (with a logo), a role and a user through the registry-rendered screens; that user
 * sees exactly the menu items the role's actions allow and finds the changes in the
 * audit log. Every registry resource is created, edited and deleted through its
 * screens. A budget blocks a user over the cap; a chat access policy hides an agent.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { openaiModelEnv, setUpE2eAppWithModel } from "./fakeModelApp.ts";
import { expectLocation, expectVisible, waitForSettled } from "./harness.ts";
import { AdminShell } from "./pages/adminShell.ts";
import { AdminFormPage, AdminListPage } from "./pages/adminResourcePages.ts";
import { ChatPage } from "./pages/ChatPage.ts";
import { ChatShell } from "./pages/ChatShell.ts";
import { LoginPage } from "./pages/LoginPage.ts";

const { app, model } = setUpE2eAppWithModel({
  onModelStarted: (fake) => fake.setDefault({ tokens: ["A title"] }),
  serverEnv: (fake) => ({
    ...openaiModelEnv(fake),
    // A private build to serve, for a machine where others rebuild dist/ during the run (unset: dist/).
    STATIC_DIR: process.env.E2E_STATIC_DIR,
  }),
});

/** A 2x2 PNG (real bytes: the server sniffs and re-encodes uploads). */
const LOGO_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==",
  "base64",
);
const USER_PASSWORD = "a-long-enough-password";

async function signIn(userName: string, password: string): Promise<Page> {
  // With the server's CSP, as users get it: the admin forms must work without eval.
  const page = await app.newPage({ enforceCsp: true });
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn(userName, password);
  await new ChatShell(page).waitUntilShown();
  return page;
}

const signInAsAdmin = () => signIn(app.server.adminUserName, app.server.adminPassword);

/** Saves the open form and waits for the page it leads to (the new record's edit page, or the list). */
async function saveAndWait(page: Page, form: AdminFormPage, pathPattern: RegExp): Promise<string> {
  await form.save();
  await page.waitForURL((url) => pathPattern.test(url.pathname));
  const path = new URL(page.url()).pathname;
  // The router may show the new page a moment after the address changes: wait for it.
  if (path.endsWith("/edit")) await form.deleteButton.waitFor();
  else await page.getByRole("table").waitFor();
  return path;
}

/** Creates a local user through /admin/user/new; `role` is picked in the Roles field (none: the user role). */
async function createUser(page: Page, userName: string, displayName: string, role?: string): Promise<void> {
  const form = new AdminFormPage(page);
  await page.goto("/admin/user/new");
  await form.fill("User name", userName);
  await form.fill("Display name", displayName);
  await form.fillSecret("Password", USER_PASSWORD);
  if (role) await form.pick("Roles", role);
  await saveAndWait(page, form, /^\/admin\/user\/[^/]+\/edit$/);
}

describe("administration", () => {
  it("builds a brand with a logo, a role with two actions and a user; the user sees exactly that menu and the audit log", async () => {
    const page = await signInAsAdmin();
    const shell = new AdminShell(page);
    const form = new AdminFormPage(page);

    // A brand with a logo: the image is uploaded after the brand is created and shown on its edit page.
    await shell.goto("/admin/brand/new");
    await form.fill("Key", "acme");
    await form.fill("Name", "Acme Corp");
    await form.fill("Colour", "#112233");
    await form.upload("Logo", { name: "logo.png", mimeType: "image/png", buffer: LOGO_PNG });
    await expectVisible(form.imagePreview("Logo"), "the chosen logo's preview");
    await app.screenshot(page, "admin-brand-new");
    await saveAndWait(page, form, /^\/admin\/brand\/acme\/edit$/);
    await expectVisible(form.imagePreview("Logo"), "the stored logo");
    await page.waitForFunction(() => {
      const image = document.querySelector<HTMLImageElement>('img[alt="Logo preview"]');
      return Boolean(image?.complete && image.naturalWidth > 0 && image.src.includes("/api/internal/brands/acme/"));
    });
    const brand = (await (await page.request.get("/api/internal/brands/acme")).json()) as {
      logoFileName: string | null;
    };
    expect(brand.logoFileName).toEqual(expect.any(String));
    await app.screenshot(page, "admin-brand-edit");

    // A role holding exactly two actions, checked in the action multi-select.
    await shell.goto("/admin/userRole/new");
    await form.fill("Name", "Brand auditors");
    await form.check("BrandsRead");
    await form.check("ConfigurationAuditLogRead");
    await app.screenshot(page, "admin-role-new");
    await saveAndWait(page, form, /^\/admin\/userRole\/[^/]+\/edit$/);
    await expectVisible(page.getByRole("checkbox", { name: "BrandsRead", checked: true }), "BrandsRead checked");
    expect(await page.getByRole("checkbox", { checked: true }).count()).toBe(2);

    // A user holding that role, picked by name in the reference picker.
    await createUser(page, "bea", "Bea Auditor", "Brand auditors");
    await expectVisible(page.getByRole("button", { name: "Brand auditors" }), "the role chip on the user");
    await app.screenshot(page, "admin-user-edit");

    // The users as cards, Bea's profile (her creation in its activity) and the administrator's own account.
    await shell.goto("/admin/user");
    await page.getByRole("link", { name: "Show as cards" }).click();
    await expectLocation(page, "/admin/user/cards");
    const beaCard = page.getByRole("article", { name: "Bea Auditor" });
    await expectVisible(beaCard.getByText("Brand auditors"), "Bea's role on her card");
    await waitForSettled(page);
    await app.screenshot(page, "admin-user-cards");
    await beaCard.getByRole("link", { name: "Profile of Bea Auditor" }).click();
    await expectVisible(shell.heading("User profile"), "the profile page");
    const activity = page.getByRole("region", { name: "Recent activity" });
    await expectVisible(activity.getByText(/^Create User /), "Bea's creation in her activity");
    await waitForSettled(page);
    await app.screenshot(page, "admin-user-profile");
    await shell.openFromMenu("My Account");
    await expectLocation(page, "/admin/user/account");
    await expectVisible(
      page.getByRole("region", { name: "Resolved actions" }).getByText("UserRolePermissionsWrite"),
      "the administrator's actions",
    );
    await waitForSettled(page);
    await app.screenshot(page, "admin-user-account");

    // The user sees exactly the menu items BrandsRead and ConfigurationAuditLogRead allow.
    const bea = await signIn("bea", USER_PASSWORD);
    const beaShell = new AdminShell(bea);
    await beaShell.goto("/admin/brand");
    expect(await beaShell.menuItems()).toEqual(["Brands", "Audit Logs"]);
    await expectVisible(new AdminListPage(bea).row("Acme Corp"), "the new brand in Bea's list");

    // The changes appear in the audit log, filterable by entity; a row expands to its before/after.
    await beaShell.openFromMenu("Audit Logs");
    await expectLocation(bea, "/admin/audit");
    const audit = new AdminListPage(bea);
    await expectVisible(audit.row("UserRole"), "the role's audit entry");
    expect(await audit.createButton.count()).toBe(0);
    await audit.filter("Entity", "Brand");
    await bea.waitForFunction(() => document.querySelectorAll("tbody tr").length === 2);
    const brandRows = await audit.rowTexts();
    expect(brandRows.map((row) => row.split(" | ").slice(1))).toEqual([
      ["Administrator", "Update", "Brand", "acme"],
      ["Administrator", "Create", "Brand", "acme"],
    ]);
    await audit.filter("Entity", "User");
    await audit.row("User").click();
    await expectVisible(bea.getByText(/"displayName": "Bea Auditor"/), "the created user in the entry's After");
    await expectVisible(bea.getByText(/"password": "\[redacted\]"/), "the password redacted");
    await waitForSettled(bea);
    await app.screenshot(bea, "admin-audit-expanded");
  });

  it("creates, edits and deletes every writable registry resource through its screens", async () => {
    const page = await signInAsAdmin();
    const form = new AdminFormPage(page);
    const list = new AdminListPage(page);
    const cases: { path: string; fill: () => Promise<void>; name: string; edit: [string, string] }[] = [
      {
        path: "gptsystem",
        name: "Round trip agent",
        fill: () => form.fill("Name", "Round trip agent"),
        edit: ["Description", "Edited"],
      },
      {
        path: "brand",
        name: "Round trip brand",
        fill: async () => {
          await form.fill("Key", "round-trip");
          await form.fill("Name", "Round trip brand");
          await form.fill("Colour", "#000000");
        },
        edit: ["Primary", "#ff0000"],
      },
      {
        path: "chatAccessPolicy",
        name: "Round trip policy",
        fill: async () => {
          await form.fill("Name", "Round trip policy");
          // An enabled policy that names no agent and nobody is saved with warnings, which keep the form
          // open (spec §8): the round trip saves a disabled one.
          await form.check("Enabled");
          await page.getByRole("checkbox", { name: "Enabled", exact: true }).uncheck();
        },
        edit: ["Description", "Edited"],
      },
      {
        path: "connection",
        name: "Round trip connection",
        fill: async () => {
          await form.fill("Name", "Round trip connection");
          await form.select("Provider", "OpenAI-compatible (Ollama, vLLM, llama.cpp)");
          await form.fill("Base URL", "http://127.0.0.1:9/v1");
          await form.fillSecret("API key", "sk-round-trip-secret");
        },
        edit: ["API version", "2024-10-21"],
      },
      {
        path: "userRole",
        name: "Round trip role",
        fill: () => form.fill("Name", "Round trip role"),
        edit: ["Description", "Edited"],
      },
      {
        path: "user",
        name: "roundtrip",
        fill: async () => {
          await form.fill("User name", "roundtrip");
          await form.fill("Display name", "Round Trip");
          await form.fillSecret("Password", USER_PASSWORD);
        },
        edit: ["Email", "round.trip@example.com"],
      },
    ];
    for (const { path, name, fill, edit } of cases) {
      await page.goto(`/admin/${path}/new`);
      await fill();
      const editPath = await saveAndWait(page, form, new RegExp(`^/admin/${path}/[^/]+/edit$`));
      await expect.poll(() => form.textField(edit[0]).isVisible(), { message: `${path}: edit form` }).toBe(true);
      await form.fill(edit[0], edit[1]);
      await saveAndWait(page, form, new RegExp(`^/admin/${path}$`));
      await expectVisible(list.row(name), `${path}: the saved record in the list`);
      await page.goto(editPath);
      await expect
        .poll(() => form.textField(edit[0]).inputValue(), { message: `${path}: the edit was stored` })
        .toBe(edit[1]);
      await app.screenshot(page, `admin-${path}-edit`);
      if (path === "connection") {
        // The key never comes back: the field is empty and shows the masked value as its placeholder.
        const key = page.getByLabel("API key", { exact: true });
        expect(await key.inputValue()).toBe("");
        expect(await key.getAttribute("placeholder")).toMatch(/^sk-.*cret$|…|\*/);
      }
      await form.deleteRecord();
      await page.waitForURL((url) => url.pathname === `/admin/${path}`);
      await expect.poll(() => list.row(name).count(), { message: `${path}: deleted` }).toBe(0);
    }

    // A server field error lands on its field: a second brand with a taken key.
    await page.goto("/admin/brand/new");
    await form.fill("Key", "acme");
    await form.fill("Name", "Another Acme");
    await form.fill("Colour", "#000000");
    await form.save();
    await expectVisible(form.fieldError("is already used by another brand"), "the key's server error");
    await app.screenshot(page, "admin-brand-field-error");
  });

  it("blocks a user over the monthly budget before the model is called, and shows the usage against the cap", async () => {
    const admin = await signInAsAdmin();
    const form = new AdminFormPage(admin);
    await admin.goto("/admin/instanceSettings");
    await expectLocation(admin, "/admin/instanceSettings/apiKeys");
    await admin.getByRole("tab", { name: "Budget" }).click();
    await form.fill("Per user", "5");
    await form.save();
    await expectVisible(admin.getByText("Settings saved"), "the saved toast");
    await createUser(admin, "dora", "Dora Spender");

    model().enqueue({ tokens: ["Within", " budget"], usage: { inputTokens: 20, outputTokens: 2 } });
    const dora = await signIn("dora", USER_PASSWORD);
    const chat = new ChatPage(dora);
    await chat.ask("First question");
    expect(await chat.waitForAnswerEnd(0)).toBe("Complete");
    const refused = dora.waitForResponse(
      (response) => response.url().endsWith("/segments") && response.request().method() === "POST",
    );
    await chat.ask("Second question");
    const resets = new Intl.DateTimeFormat("en-GB", { month: "long", timeZone: "UTC" }).format(
      new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() + 1, 1)),
    );
    const response = await refused;
    expect(response.status()).toBe(429);
    expect(await response.json()).toMatchObject({
      title: "Budget exceeded",
      status: 429,
      detail: `The monthly token budget for you has been used up (22 of 5 tokens). It resets on 1 ${resets}.`,
    });
    // Nothing was asked: the server's reason is shown, the question goes back into the composer,
    // and no second answer appears.
    await expectVisible(
      dora.getByText(`The monthly token budget for you has been used up (22 of 5 tokens). It resets on 1 ${resets}.`),
      "the budget message",
    );
    await expect.poll(() => chat.composer.inputValue()).toBe("Second question");
    expect(await chat.answers.count()).toBe(1);
    await app.screenshot(dora, "chat-budget-exceeded");

    await admin.goto("/admin/instanceSettings/budget");
    await expectVisible(admin.getByText("22 tokens used, no instance cap"), "this month's usage");
    await app.screenshot(admin, "admin-settings-budget");
  });

  it("hides an agent from a user a chat access policy does not admit", async () => {
    const admin = await signInAsAdmin();
    await createUser(admin, "carl", "Carl Outsider");
    const carl = await signIn("carl", USER_PASSWORD);
    await carl.goto("/chat/agents");
    const directory = carl.getByRole("list", { name: "Discover Intelligent Agents" });
    await expectVisible(directory.getByText("Assistant", { exact: true }), "Assistant offered before the policy");

    const form = new AdminFormPage(admin);
    await admin.goto("/admin/chatAccessPolicy/new");
    await form.fill("Name", "Assistant for administrators");
    await form.check("Enabled");
    await form.pick("Agents", "Assistant");
    await form.pick("Roles", "admin");
    // Without Entra ID the groups listing answers 409: group ids are typed (Carl has no groups either way).
    await expectVisible(
      admin.getByText("Microsoft Entra ID is not configured: enter group object ids."),
      "the typed-ids hint",
    );
    const groups = admin.getByRole("combobox", { name: "Identity-provider groups" });
    await groups.fill("0d1f-group-id");
    await groups.press("Enter");
    await expectVisible(admin.getByRole("button", { name: "0d1f-group-id" }), "the typed group id");
    await app.screenshot(admin, "admin-policy-new");
    await saveAndWait(admin, form, /^\/admin\/chatAccessPolicy\/[^/]+\/edit$/);

    await carl.goto("/chat/agents");
    await expectVisible(carl.getByText("No agents are available yet."), "Carl's empty directory");
    await admin.goto("/chat/agents");
    await expectVisible(
      admin.getByRole("list", { name: "Discover Intelligent Agents" }).getByText("Assistant", { exact: true }),
      "Assistant still offered to the administrator",
    );
  });
});
