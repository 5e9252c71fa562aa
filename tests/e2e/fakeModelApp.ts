/**
 * Per-file set-up of the end-to-end tests that chat: a fake model server
 * (tests/fakes/fakeModelServer.ts) started before the product server, which
 * `serverEnv` points at it; and signing in as far as the chat's composer.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { type FakeModelServer, startFakeModelServer } from "../fakes/fakeModelServer.ts";
import type { StartedServer } from "../support/server.ts";
import { type E2eApp, expectVisible, setUpE2eApp } from "./harness.ts";
import { ChatPage } from "./pages/ChatPage.ts";
import { ChatShell } from "./pages/ChatShell.ts";
import { LoginPage } from "./pages/LoginPage.ts";

/** The seeded 'Assistant' agent's model settings: OpenAI's protocol, answered by the fake. */
export const openaiModelEnv = (model: FakeModelServer) => ({
  OPENAI_BASE_URL: model.openaiBaseUrl,
  OPENAI_API_KEY: "sk-test",
  OPENAI_MODEL: "fake-model",
});

export interface FakeModelAppOptions {
  /** The product server's extra environment, given the running fake. */
  serverEnv: (model: FakeModelServer) => Record<string, string | undefined>;
  /** Called once the fake runs, before the product server starts (e.g. a default answer). */
  onModelStarted?: (model: FakeModelServer) => void;
}

export function setUpE2eAppWithModel(options: FakeModelAppOptions): { app: E2eApp; model: () => FakeModelServer } {
  let fake: FakeModelServer | undefined;
  // Registered before setUpE2eApp's hooks, so it runs first (and is closed last): the server needs the fake's URL at start.
  beforeAll(async () => {
    fake = await startFakeModelServer();
    options.onModelStarted?.(fake);
  });
  afterAll(async () => {
    await fake?.close();
  });
  const model = () => {
    if (!fake) throw new Error("the fake model server is not running");
    return fake;
  };
  const app = setUpE2eApp({ serverEnv: () => options.serverEnv(model()) });
  return { app, model };
}

/** A new page signed in as the administrator (or `userName`), on the chat with its composer shown. */
export async function signInToChat(
  app: E2eApp,
  userName = app.server.adminUserName,
  password = app.server.adminPassword,
): Promise<{ page: Page; chat: ChatPage }> {
  const page = await app.newPage();
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn(userName, password);
  await new ChatShell(page).waitUntilShown();
  const chat = new ChatPage(page);
  await expectVisible(chat.composer, "the composer");
  return { page, chat };
}

/** A product token for the bootstrap administrator, through local sign-in (GenerateToken). */
export async function adminToken(server: StartedServer): Promise<string> {
  const response = await fetch(`${server.baseUrl}/api/internal/authorization/local/GenerateToken`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ userName: server.adminUserName, password: server.adminPassword }),
  });
  if (!response.ok) throw new Error(`GenerateToken: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { n1AIToken: string }).n1AIToken;
}
