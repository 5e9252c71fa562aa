/**
 * The public chat: an administrator makes the seeded agent public under an endpoint (through the
 * API); a visitor with no account opens /public-chat/<endpoint>, sees the agent's introduction and
 * prompts, asks, watches the answer stream, reloads and finds the conversation again (in the page
 * and in the side navigation); the popup variant has no side navigation; an unknown endpoint says so.
 */
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { openaiModelEnv, setUpE2eAppWithModel } from "./fakeModelApp.ts";
import { expectLocation, expectVisible, waitForSettled } from "./harness.ts";
import { expectQuestionToTakeTheWholeRowOnceItWraps } from "./pages/composerRows.ts";

const { app, model } = setUpE2eAppWithModel({
  serverEnv: (fake) => ({
    ...openaiModelEnv(fake),
    // A private build to serve, for a machine where others rebuild dist/ during the run (unset: dist/).
    STATIC_DIR: process.env.E2E_STATIC_DIR,
  }),
});
const ENDPOINT = "help-desk";

/** The administrator's calls, from the test (not the browser): the visitor's browser never holds a token. */
async function adminCall(method: string, path: string, body?: unknown): Promise<unknown> {
  const base = `${app.server.baseUrl}/api/internal`;
  const signIn = await fetch(`${base}/authorization/local/GenerateToken`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ userName: app.server.adminUserName, password: app.server.adminPassword }),
  });
  const { n1AIToken } = (await signIn.json()) as { n1AIToken: string };
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${n1AIToken}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

beforeAll(async () => {
  const agents = (await adminCall("GET", "/admin/gptSystems")) as { gptSystemId: string; name: string }[];
  const assistant = agents.find((agent) => agent.name === "Assistant");
  if (!assistant) throw new Error("the seeded Assistant agent is missing");
  const record = (await adminCall("GET", `/admin/gptSystems/${assistant.gptSystemId}`)) as Record<string, unknown>;
  await adminCall("PUT", `/admin/gptSystems/${assistant.gptSystemId}`, {
    ...record,
    isPublic: true,
    publicChatEndpoint: ENDPOINT,
  });
  await adminCall("POST", `/admin/gptSystems/${assistant.gptSystemId}/prompts`, {
    title: "Opening hours",
    prompt: "When are you open?",
  });
});

const navigation = (page: Page) => page.getByRole("navigation", { name: "Chat navigation" });
const question = (page: Page) => page.getByRole("textbox", { name: "Your question" });

/** The navigation starts as the mini rail (spec §3): public mode offers no Agents button there either; then the panel. */
async function openNavigation(page: Page) {
  const nav = navigation(page);
  await expectVisible(nav.getByRole("button", { name: "Expand navigation" }), "the navigation rail");
  expect(await nav.getByRole("button", { name: "Agents" }).count()).toBe(0);
  await nav.getByRole("button", { name: "Expand navigation" }).click();
  await expectVisible(nav.getByRole("tab", { name: "Chats" }), "the Chats tab");
  expect(await nav.getByRole("tab", { name: "Agents" }).count()).toBe(0);
  return nav;
}

describe("the public chat", () => {
  it("lets a visitor without an account ask, watch the answer stream, and find the conversation again after a reload", async () => {
    const page = await app.newPage();
    await page.goto(`/public-chat/${ENDPOINT}`);
    await expectVisible(page.getByRole("heading", { name: "Assistant", level: 1 }), "the agent's name");
    await expectVisible(page.getByRole("button", { name: /Opening hours/ }), "the agent's suggested prompt");
    const nav = await openNavigation(page);
    await expectVisible(nav.getByRole("button", { name: "New Chat" }), "New Chat in the side navigation");
    await expectVisible(nav.getByText("Your conversations in this chat will appear here."), "the empty list");
    // No sign-in redirect, and no token in the visitor's browser.
    await expectLocation(page, `/public-chat/${ENDPOINT}`);
    await waitForSettled(page);
    await app.screenshot(page, "public-chat-introduction");

    model().enqueue(
      { tokens: ["We are", " open", " from 9", " to 5", "."], delayMs: 80 },
      { tokens: ["Opening", " times"] },
    );
    await question(page).fill("When can I visit?");
    await question(page).press("Enter");
    await expectVisible(page.getByRole("button", { name: "Stop" }), "Stop while the answer streams");
    await expectVisible(page.getByText("We are open from 9 to 5."), "the streamed answer");
    await expectVisible(page.getByRole("button", { name: "Send" }), "Send, back once the answer ended");
    await page.waitForURL(/\?c=[0-9a-f-]{36}$/);
    await expectVisible(nav.getByRole("button", { name: "Opening times" }), "the conversation in the side navigation");
    const token = await page.evaluate(
      () => (JSON.parse(localStorage.getItem("auth") ?? "{}") as { n1aiToken?: string | null }).n1aiToken ?? null,
    );
    expect(token).toBeNull();
    await waitForSettled(page);
    await app.screenshot(page, "public-chat-answered");

    const address = page.url();
    await page.reload();
    expect(page.url()).toBe(address);
    await expectVisible(page.getByText("When can I visit?"), "the question after the reload");
    await expectVisible(page.getByText("We are open from 9 to 5."), "the answer after the reload");
    await openNavigation(page);
    await expectVisible(nav.getByRole("button", { name: "Opening times" }), "the conversation listed after the reload");

    // Asking again continues the same conversation.
    model().enqueue({ tokens: ["Yes,", " on Saturdays", " too."] });
    await question(page).fill("Weekends?");
    await question(page).press("Enter");
    await expectVisible(page.getByText("Yes, on Saturdays too."), "the follow-up answer");
    await expectVisible(page.getByRole("button", { name: "Send" }), "Send, back once the follow-up ended");
    expect(page.url()).toBe(address);
    expect(await page.getByTestId("public-chat-turn").count()).toBe(2);

    // New Chat goes back to the introduction; the earlier conversation stays listed.
    await nav.getByRole("button", { name: "New Chat" }).click();
    await expectLocation(page, `/public-chat/${ENDPOINT}`);
    await expectVisible(page.getByRole("button", { name: /Opening hours/ }), "the introduction again");
    await nav.getByRole("button", { name: "Opening times" }).click();
    await expectVisible(page.getByText("Yes, on Saturdays too."), "the conversation reopened from the list");
  });

  it("lets a visitor attach an image, which the model receives and the conversation shows", async () => {
    // The seeded OpenAI-compatible deployment is not marked as seeing images: the administrator marks it.
    const connections = (await adminCall("GET", "/admin/Connections")) as { connectionId: string }[];
    for (const { connectionId } of connections) {
      const deployments = (await adminCall("GET", `/admin/Connections/${connectionId}/deployments`)) as Record<
        string,
        unknown
      >[];
      for (const deployment of deployments.filter((d) => d.deploymentName === "fake-model"))
        await adminCall("PUT", `/admin/Connections/${connectionId}/deployments/${String(deployment.deploymentId)}`, {
          ...deployment,
          supportsVision: true,
        });
    }
    const page = await app.newPage();
    await page.goto(`/public-chat/${ENDPOINT}`);
    await expectVisible(
      page.getByRole("button", { name: "Attach images" }),
      "the attach button (the model sees images)",
    );
    // 1×1 PNG.
    const png = Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
      "base64",
    );
    await page.getByTestId("attach-input").setInputFiles({ name: "pixel.png", mimeType: "image/png", buffer: png });
    await expectVisible(page.locator('[data-testid="image-thumbnail"][data-status="ready"]'), "the uploaded thumbnail");

    model().enqueue({ tokens: ["A single", " pixel."] }, { tokens: ["Pixel"] });
    await question(page).fill("What is in this picture?");
    await question(page).press("Enter");
    await expectVisible(page.getByText("A single pixel."), "the answer about the image");
    await expectVisible(page.getByRole("button", { name: "Send" }), "Send, back once the answer ended");
    const asked = model().requests.find((request) => JSON.stringify(request.body).includes("What is in this picture?"));
    expect(JSON.stringify(asked?.body)).toContain("data:image/png;base64,");
    // The saved question shows its image, read back with the visitor's session.
    const image = page.getByRole("list", { name: "Files of this question" }).getByRole("img", { name: "Image 1" });
    await expectVisible(image, "the question's image");
    expect(await image.getAttribute("src")).toMatch(/^data:image\/webp;base64,/);
    await waitForSettled(page);
    await app.screenshot(page, "public-chat-image");
  });

  it("lets a visitor edit a question, regenerate an answer and switch between the versions", async () => {
    const page = await app.newPage();
    await page.goto(`/public-chat/${ENDPOINT}`);
    model().enqueue({ tokens: ["Parking", " is free."] }, { tokens: ["Parking"] });
    await question(page).fill("Is parking free?");
    await question(page).press("Enter");
    await expectVisible(page.getByText("Parking is free."), "the first answer");
    await expectVisible(page.getByRole("button", { name: "Send" }), "Send, back once the answer ended");
    await page.waitForURL(/\?c=[0-9a-f-]{36}$/);
    const address = page.url();

    // Editing asks the new question in place of the old one, as a second version.
    model().enqueue({ tokens: ["Bikes park", " at the door."] });
    const turn = page.getByTestId("public-chat-turn");
    await turn.getByRole("button", { name: "Edit question" }).click();
    const editor = page.getByRole("textbox", { name: "Edit question" });
    await editor.fill("Where do bikes park?");
    await editor.press("Enter");
    await expectVisible(page.getByText("Bikes park at the door."), "the edited question's answer");
    await expectVisible(page.getByRole("button", { name: "Send" }), "Send, back once the edit was answered");
    expect(await page.getByText("Parking is free.").count()).toBe(0);
    const sent = model().requests.at(-1)?.body as { messages: { role: string; content: unknown }[] };
    expect(sent.messages.filter((m) => m.role === "user").map((m) => m.content)).toEqual(["Where do bikes park?"]);
    const versions = page.getByRole("group", { name: "Versions of this message" });
    await expectVisible(versions.getByText("2/2"), "two versions of the question");

    // Regenerating adds a third version of the same question.
    model().enqueue({ tokens: ["Bikes park", " in the yard."] });
    await turn.getByRole("button", { name: "Regenerate" }).click();
    await expectVisible(page.getByText("Bikes park in the yard."), "the regenerated answer");
    await expectVisible(versions.getByText("3/3"), "three versions");

    await versions.getByRole("button", { name: "Previous version" }).click();
    await expectVisible(page.getByText("Bikes park at the door."), "the edited version again");
    await expectVisible(versions.getByText("2/3"), "the second version shown");
    await versions.getByRole("button", { name: "Previous version" }).click();
    await expectVisible(page.getByText("Parking is free."), "the original version again");
    await expectVisible(versions.getByText("1/3"), "the first version shown");
    expect(await page.getByText("Is parking free?").count()).toBe(1);
    await waitForSettled(page);
    await app.screenshot(page, "public-chat-versions");

    // The choice is stored with the session: a reload shows the same version.
    await page.reload();
    expect(page.url()).toBe(address);
    await expectVisible(page.getByText("Parking is free."), "the chosen version after the reload");
    await expectVisible(versions.getByText("1/3"), "the version count after the reload");

    // On a phone the question's edit button shows without hovering, beside the versions.
    await page.setViewportSize({ width: 390, height: 844 });
    await expectVisible(turn.getByRole("button", { name: "Edit question" }), "Edit question on a phone");
    await turn.getByRole("button", { name: "Edit question" }).click();
    await expectVisible(page.getByRole("textbox", { name: "Edit question" }), "the question editor on a phone");
    await waitForSettled(page);
    await app.screenshot(page, "public-chat-edit-narrow");
  });

  it("shows the popup without the side navigation", async () => {
    const page = await app.newPage();
    await page.goto(`/public-chat/${ENDPOINT}/true`);
    await expectVisible(page.getByRole("heading", { name: "Assistant", level: 1 }), "the agent's name");
    await expectVisible(question(page), "the question input");
    expect(await navigation(page).count()).toBe(0);
    await waitForSettled(page);
    await app.screenshot(page, "public-chat-popup");
  });

  it("gives a question that runs over a line the box's whole width on a phone, and says when one is too long to send", async () => {
    const page = await app.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/public-chat/${ENDPOINT}`);
    const input = question(page);
    const send = page.getByRole("button", { name: "Send" });
    await expectVisible(input, "the question input");
    await expectQuestionToTakeTheWholeRowOnceItWraps(input, send);
    await input.fill("A longer question that runs over a line on a phone, with a few more words to be sure of it");
    await waitForSettled(page);
    await app.screenshot(page, "public-chat-composer-expanded-narrow");

    await input.fill("x".repeat(32_001));
    await expectVisible(
      page.getByText("This message is too long to send: 32,001 characters, at most 32,000. Please shorten it."),
      "the length message",
    );
    expect(await send.isDisabled()).toBe(true);
    await input.fill("");
    expect(await page.getByRole("status").filter({ hasText: "too long" }).count()).toBe(0);
  });

  it("keeps the message box in the window while a long answer scrolls in the room above it", async () => {
    const page = await app.newPage();
    await page.setViewportSize({ width: 1200, height: 900 });
    await page.goto(`/public-chat/${ENDPOINT}`);
    const input = question(page);
    await expectVisible(input, "the question input");
    const lines = Array.from({ length: 40 }, (_, i) => `Line ${i}.\n\n`);
    model().enqueue({ tokens: [...lines, "The end."], delayMs: 5 }, { tokens: ["Long"] });
    await input.fill("Tell me everything");
    await input.press("Enter");
    await expectVisible(page.getByText("The end."), "the end of the long answer");
    await expectVisible(page.getByRole("button", { name: "Send" }), "Send, back once the answer ended");
    // The page is the window's height: the messages scroll, the page does not grow under the box.
    const layout = await page.evaluate(() => ({
      pageHeight: document.documentElement.scrollHeight,
      windowHeight: innerHeight,
      boxBottom: document.querySelector("textarea")!.getBoundingClientRect().bottom,
    }));
    expect(layout.pageHeight).toBe(layout.windowHeight);
    expect(layout.boxBottom).toBeLessThan(layout.windowHeight);
  });

  it("says clearly when an endpoint has no public chat", async () => {
    const page = await app.newPage();
    await page.goto("/public-chat/no-such-desk");
    await expectVisible(page.getByRole("heading", { name: "Public chat not found" }), "the not-found heading");
    await expectVisible(
      page.getByText("There is no public chat at this address, or it is no longer available."),
      "the not-found explanation",
    );
    await expectLocation(page, "/public-chat/no-such-desk");
    await waitForSettled(page);
    await app.screenshot(page, "public-chat-not-found");
  });
});
