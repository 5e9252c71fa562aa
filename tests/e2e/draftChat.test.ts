/**
 * An administrator tries a draft configuration out before publishing it: edits the
 * draft's system prompt, asks in the test chat beside the form (answered with the draft,
 * streamed), reviews and publishes it, and the chat then answers with it. Screenshots of
 * the three agent pages: configuration, publish and UX.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeModelServer, startFakeModelServer } from "../fakes/fakeModelServer.ts";
import { expectVisible, setUpE2eApp, waitForSettled } from "./harness.ts";
import { AdminListPage } from "./pages/adminResourcePages.ts";
import { ChatPage } from "./pages/ChatPage.ts";
import { ChatShell } from "./pages/ChatShell.ts";
import { LoginPage } from "./pages/LoginPage.ts";

let fake: FakeModelServer | undefined;
// Registered before setUpE2eApp, so it runs first: the server needs the fake's URL at start.
beforeAll(async () => {
  fake = await startFakeModelServer();
});
afterAll(async () => {
  await fake?.close();
});
const model = () => {
  if (!fake) throw new Error("the fake model server is not running");
  return fake;
};

const app = setUpE2eApp({
  serverEnv: () => ({
    OPENAI_BASE_URL: model().openaiBaseUrl,
    OPENAI_API_KEY: "sk-test",
    OPENAI_MODEL: "fake-model",
    // A private build to serve, for a machine where others rebuild dist/ during the run (unset: dist/).
    STATIC_DIR: process.env.E2E_STATIC_DIR,
  }),
});

const DRAFT_PROMPT = "You are a pirate. Answer like one.";

/** The system prompt of the model request that asked `question` last. */
function systemPromptFor(question: string): string | undefined {
  type Message = { role: string; content: unknown };
  const request = [...model().requests]
    .reverse()
    .find((r) => ((r.body.messages as Message[] | undefined) ?? []).at(-1)?.content === question);
  return (request?.body.messages as Message[] | undefined)?.find((m) => m.role === "system")?.content as
    string | undefined;
}

async function signIn(): Promise<Page> {
  const page = await app.newPage();
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn(app.server.adminUserName, app.server.adminPassword);
  await new ChatShell(page).waitUntilShown();
  return page;
}

describe("testing a draft configuration before publishing it", () => {
  it("answers the test chat with the draft, publishes it, and the chat then uses it", async () => {
    const page = await signIn();
    const list = new AdminListPage(page);
    await list.goto("/admin/gptsystem");
    await list.row("Assistant").click();
    await page.waitForURL(/\/admin\/gptsystem\/[^/]+\/edit$/);
    const agentId = new URL(page.url()).pathname.split("/")[3]!;
    await expectVisible(page.getByRole("list", { name: "Configurations" }), "the agent's configurations");
    await expectVisible(page.getByRole("link", { name: "Publish", exact: true }), "the link to the Publish page");
    await waitForSettled(page);
    await app.screenshot(page, "admin-gptsystem-edit");

    // A new draft, copied from the published configuration, opens beside its test chat.
    await page.getByRole("button", { name: "New draft" }).click();
    await page.waitForURL(/\/admin\/gptsystem\/configstate\/[^/]+\/edit$/);
    await page.getByLabel("System prompt").fill(DRAFT_PROMPT);
    await page.getByRole("button", { name: "Save draft" }).click();
    await expectVisible(page.getByText("Draft saved"), "the saved toast");

    model().enqueue(
      { tokens: ["Arr", ",", " I be", " the draft", "!"], delayMs: 60 },
      { tokens: ["Pirate", " hello"] },
    );
    const panel = page.getByRole("region", { name: "Test chat" });
    await panel.getByRole("textbox", { name: "Test question" }).fill("Who are you?");
    await panel.getByRole("textbox", { name: "Test question" }).press("Enter");
    await expectVisible(panel.getByText("Arr, I be the draft!"), "the streamed test answer");
    await expectVisible(panel.getByRole("button", { name: "Send" }), "Send, back once the answer ended");
    expect(systemPromptFor("Who are you?")).toBe(DRAFT_PROMPT);
    await waitForSettled(page);
    await app.screenshot(page, "admin-configstate-edit");

    // The test answer's execution details, with the trace log the server kept while it answered.
    await panel.getByRole("button", { name: "Details" }).click();
    const details = page.getByRole("complementary", { name: "Execution details" });
    const trace = details.getByRole("region", { name: "Trace logs" });
    await expectVisible(trace.getByText("Question stored in a new conversation"), "the test answer's trace log");
    await expectVisible(trace.getByText("Answer complete"), "the trace log's last entry");
    await expectVisible(details.getByText("fake-model"), "the test answer's model");
    await waitForSettled(page);
    await app.screenshot(page, "admin-configstate-execution-details");
    await details.getByRole("button", { name: "Close execution details" }).click();
    await details.waitFor({ state: "hidden" });

    // The test conversation is not in the chat history.
    const history = await page.evaluate(async () => {
      const token = (JSON.parse(localStorage.getItem("auth") ?? "{}") as { n1aiToken?: string }).n1aiToken;
      const response = await fetch("/api/internal/userConversations", {
        headers: { authorization: `Bearer ${token}` },
      });
      return ((await response.json()) as { items: { title: string }[] }).items.map((c) => c.title);
    });
    expect(history).toEqual([]);

    // Review: the change is listed; Publish makes the draft answer.
    await page.getByRole("link", { name: "Review and publish" }).click();
    await page.waitForURL((url) => url.pathname === `/admin/gptsystem/${agentId}/publish`);
    const changes = page.getByRole("table", { name: "Changes" });
    await expectVisible(
      changes.getByRole("cell", { name: DRAFT_PROMPT }),
      "the draft's system prompt among the changes",
    );
    await waitForSettled(page);
    await app.screenshot(page, "admin-gptsystem-publish");
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expectVisible(page.getByText("Assistant published"), "the published toast");
    await expectVisible(page.getByText(/is the published configuration/), "the draft, now published");

    // UX: a prompt shown to users.
    await page.getByRole("link", { name: "UX" }).click();
    await page.waitForURL((url) => url.pathname === `/admin/gptsystem/${agentId}/ux`);
    const prompts = page.getByRole("form", { name: "Prompt" });
    await prompts.getByLabel("Title").fill("Say ahoy");
    await prompts.getByLabel("Prompt").fill("Greet me like a pirate.");
    await prompts.getByRole("button", { name: "Add prompt" }).click();
    await expectVisible(
      page.getByRole("list", { name: "Prompts shown to users" }).getByText("Say ahoy"),
      "the new prompt",
    );
    await waitForSettled(page);
    await app.screenshot(page, "admin-gptsystem-ux");

    // The chat now answers with the published draft.
    model().enqueue({ tokens: ["Ahoy", " matey"] }, { tokens: ["Ahoy"] });
    await page.goto("/chat");
    const chat = new ChatPage(page);
    await expectVisible(chat.composer, "the composer");
    await chat.ask("Hello there");
    expect(await chat.waitForAnswerEnd(0)).toBe("Complete");
    await expectVisible(chat.answer(0).getByText("Ahoy matey"), "the chat's answer");
    expect(systemPromptFor("Hello there")).toBe(DRAFT_PROMPT);
  });

  it("offers the same test chat on a personal agent's edit page, answered by its draft", async () => {
    const page = await signIn();
    const created = await page.evaluate(async () => {
      const token = (JSON.parse(localStorage.getItem("auth") ?? "{}") as { n1aiToken?: string }).n1aiToken;
      const response = await fetch("/api/internal/configStates/personal", {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ gptSystemName: "Draft tester" }),
      });
      return { status: response.status, body: (await response.json()) as { configuration: { configStateId: string } } };
    });
    expect(created.status).toBe(201);
    await page.goto(`/chat/agents/configstate/${created.body.configuration.configStateId}/edit`);
    await expectVisible(page.getByRole("heading", { name: "Edit Personal Agent" }), "the edit page");
    const panel = page.getByRole("region", { name: "Test chat" });
    await panel.getByRole("textbox", { name: "Test question" }).fill("Are you there?");
    await panel.getByRole("textbox", { name: "Test question" }).press("Enter");
    // A new personal agent runs on the built-in local engine until a model is chosen.
    await expectVisible(
      panel.getByText(/No language model is configured/),
      "the local engine's answer in the test chat",
    );
    await waitForSettled(page);
    await app.screenshot(page, "personal-agent-test-chat");
  });
});
