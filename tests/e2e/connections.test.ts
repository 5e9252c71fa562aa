/**
 * A new administrator's way from the built-in local engine to a real model, in Chromium against
 * the real server with no model configured: the local engine's answer points to Connections; the
 * admin menu leads there; a connection is created and given a deployment on its page; the
 * Assistant's new configuration chooses it; once published, the chat answers from that model.
 */
import { describe, expect, it } from "vitest";
import { setUpE2eAppWithModel } from "./fakeModelApp.ts";
import { expectVisible, waitForSettled } from "./harness.ts";
import { AdminFormPage, AdminListPage } from "./pages/adminResourcePages.ts";
import { ChatPage } from "./pages/ChatPage.ts";
import { ChatShell } from "./pages/ChatShell.ts";
import { ConnectionDeployments } from "./pages/ConnectionDeployments.ts";
import { LoginPage } from "./pages/LoginPage.ts";

const { app, model } = setUpE2eAppWithModel({
  onModelStarted: (fake) => fake.setDefault({ tokens: ["Fake", " model", " answer"] }),
  serverEnv: () => ({
    // No model seeded: the Assistant answers with the local engine until an administrator adds one.
    OPENAI_API_KEY: undefined,
    OPENAI_BASE_URL: undefined,
    OPENAI_MODEL: undefined,
    AZURE_OPENAI_ENDPOINT: undefined,
    AZURE_OPENAI_API_KEY: undefined,
    ANTHROPIC_API_KEY: undefined,
    // A private build to serve, for a machine where others rebuild dist/ during the run (unset: dist/).
    STATIC_DIR: process.env.E2E_STATIC_DIR,
  }),
});

describe("setting up a chat model", () => {
  it("creates a connection, adds its deployment, lets the agent use it, and the chat answers from that model", async () => {
    const page = await app.newPage({ enforceCsp: true });
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn(app.server.adminUserName, app.server.adminPassword);
    await new ChatShell(page).waitUntilShown();

    // The local engine says where models are set up.
    const chat = new ChatPage(page);
    await chat.ask("Who are you?");
    await chat.waitForAnswerEnd(0);
    expect(await chat.answer(0).innerText()).toContain("No language model is configured for this agent");
    expect(await chat.answer(0).getByRole("link", { name: "Management → Connections" }).getAttribute("href")).toBe(
      "/admin/connection",
    );

    // The admin menu leads to Connections.
    await page.goto("/admin");
    await page.getByRole("navigation", { name: "Admin navigation" }).getByRole("link", { name: "Connections" }).click();
    await page.waitForURL((url) => url.pathname === "/admin/connection");
    const list = new AdminListPage(page);
    await list.createButton.click();
    await page.waitForURL((url) => url.pathname === "/admin/connection/new");
    const form = new AdminFormPage(page);
    await form.fill("Name", "My model server");
    await form.select("Provider", "OpenAI-compatible (Ollama, vLLM, llama.cpp)");
    await form.fill("Base URL", model().openaiBaseUrl);
    await form.fillSecret("API key", "sk-test");
    await form.save();
    await page.waitForURL((url) => /^\/admin\/connection\/[^/]+\/edit$/.test(url.pathname));

    // The new connection's page adds its model.
    const deployments = new ConnectionDeployments(page);
    await expectVisible(
      page.getByText("No deployment yet: add the model this connection serves, so that agents can use it."),
      "the empty deployments section",
    );
    await deployments.add("fake-model", "Fake model");
    await expectVisible(deployments.item("Fake model"), "the added deployment");
    expect(await deployments.item("Fake model").innerText()).toContain("fake-model");
    await waitForSettled(page);
    await app.screenshot(page, "admin-connection-deployments");
    await page.setViewportSize({ width: 390, height: 844 });
    await waitForSettled(page);
    await app.screenshot(page, "admin-connection-deployments-mobile");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
    await page.setViewportSize({ width: 1280, height: 800 });

    // The Assistant's next configuration chooses it, and is published.
    await list.goto("/admin/gptsystem");
    await list.row("Assistant").click();
    await page.waitForURL(/\/admin\/gptsystem\/[^/]+\/edit$/);
    await page.getByRole("button", { name: "New draft" }).click();
    await page.waitForURL(/\/admin\/gptsystem\/configstate\/[^/]+\/edit$/);
    await page.getByRole("combobox", { name: "Model deployment" }).click();
    await page.getByRole("option", { name: "My model server · Fake model", exact: true }).click();
    await page.getByRole("button", { name: "Save draft" }).click();
    await expectVisible(page.getByText("Draft saved"), "the saved toast");
    await page.getByRole("link", { name: "Review and publish" }).click();
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expectVisible(page.getByText("Assistant published"), "the published toast");

    // The chat now answers from the model behind the new connection.
    const before = model().requests.length;
    await page.goto("/chat");
    await new ChatShell(page).waitUntilShown();
    await chat.ask("And now, who are you?");
    await chat.waitForAnswerEnd(0);
    expect(await chat.answer(0).innerText()).toMatch(/\nFake model answer$/);
    const asked = model()
      .requests.slice(before)
      .find((r) => r.path.endsWith("/chat/completions"));
    expect(asked?.body.model).toBe("fake-model");
  });
});
