import { afterEach, beforeEach, vi } from "vitest";
/** Harness for the chat page's tests: the page in the real providers, fixtures, and controllable event streams. */
import { render } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { AppProviders } from "../../../../src/app/AppProviders";
import { NavProvider } from "../../../../src/app/layout/NavProvider";
import { createQueryClient } from "../../../../src/app/queryClient";
import { composerActions } from "../../../../src/chat/composer/composerStore";
import { executionDetailsStore } from "../../../../src/chat/executionDetails/executionDetailsStore";
import { ChatPage } from "../../../../src/chat/pages/ChatPage";
import { chatStore, initialChatState } from "../../../../src/chat/state/chatStore";
import { stopFollowing } from "../../../../src/chat/stream/followSegment";
import { liveAnswerActions } from "../../../../src/chat/stream/liveAnswerStore";
import type { components } from "../../../../src/generated/api";
import { API } from "../../utils/handlers";
import { server } from "../../utils/server";
import { signInForTest } from "../../utils/renderApp";
import { AGENT_ID, agentRef, CONVERSATION_ID, makeConversation, makeSegment } from "./conversationFixtures";

export { AGENT_ID, agentRef, CONVERSATION_ID, makeConversation, makeSegment, segmentId } from "./conversationFixtures";

type Schemas = components["schemas"];

const details: Schemas["GptSystemDetailsForConversation"] = {
  gptSystemId: AGENT_ID,
  name: "Atlas",
  description: "Maps and plans",
  gptSystemType: "System",
  introduction: "Hi, I am **Atlas**. I plan trips.",
  capabilityTypes: [],
  supportsVision: false,
  deploymentName: "local",
  languageEngine: "local",
};

/** The agent endpoints the page always calls. */
export const agentHandlers = [
  http.get(`${API}/CurrentUser/AvailableGptSystems`, () =>
    HttpResponse.json([
      {
        ...agentRef,
        description: "Maps and plans",
        moderationStatus: null,
        ownership: { ownerIsCurrentUser: false },
        isPinned: false,
      },
    ]),
  ),
  http.get(`${API}/userConversations/gptSystems/:id/detailsForConversation`, () => HttpResponse.json(details)),
  http.get(`${API}/userConversations/gptSystems/:id/promptsForConversation`, () =>
    HttpResponse.json([
      { promptId: "44444444-4444-4444-8444-444444444444", title: "Plan a trip", prompt: "Plan a weekend in Lisbon" },
    ]),
  ),
  http.get(
    `${API}/gptSystems/common/management/:id/avatar`,
    () =>
      new HttpResponse('<svg xmlns="http://www.w3.org/2000/svg"/>', { headers: { "content-type": "image/svg+xml" } }),
  ),
];

/** base64 of UTF-8 JSON, as the server frames it. */
export function encodeFrame(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${Buffer.from(JSON.stringify(data ?? null), "utf8").toString("base64")}\n\n`;
}

/** An event-stream body the test writes to frame by frame. */
export function controlledStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  return {
    response: () => new HttpResponse(stream, { headers: { "content-type": "text/event-stream" } }),
    send(event: string, data: unknown) {
      controller.enqueue(encoder.encode(encodeFrame(event, data)));
    },
    raw(text: string) {
      controller.enqueue(encoder.encode(text));
    },
    close() {
      controller.close();
    },
    /** Breaks the body off, as a lost connection does. */
    fail(reason: unknown = new TypeError("network error")) {
      controller.error(reason);
    },
  };
}

/** Serves the conversation with one answered question; what is asked in it next streams from the returned stream. */
export function serveConversationStreamingNext() {
  const stream = controlledStream();
  server.use(
    http.get(`${API}/userConversations/${CONVERSATION_ID}`, () =>
      HttpResponse.json(makeConversation([makeSegment(1)])),
    ),
    http.post(`${API}/userConversations/${CONVERSATION_ID}/segments`, () => stream.response()),
  );
  return stream;
}

/**
 * jsdom lays nothing out, so the virtualizer would see a 0 px viewport and show
 * no rows: give elements a size (rows then measure 0 px, so all of them fit).
 */
export function giveElementsASize(): () => void {
  const saved = (["clientHeight", "clientWidth"] as const).map(
    (name) => [name, Object.getOwnPropertyDescriptor(Element.prototype, name)] as const,
  );
  Object.defineProperty(Element.prototype, "clientHeight", { configurable: true, get: () => 800 });
  Object.defineProperty(Element.prototype, "clientWidth", { configurable: true, get: () => 1000 });
  return () => {
    for (const [name, descriptor] of saved) if (descriptor) Object.defineProperty(Element.prototype, name, descriptor);
  };
}

/** Resets the chat's module stores (they outlive a test). */
export function resetChatState(): void {
  stopFollowing();
  liveAnswerActions.clear();
  chatStore.setState(initialChatState);
  composerActions.reset();
  executionDetailsStore.setState({ segmentId: null });
}

/** Renders the chat page at `path`, signed in, with `conversationId` current. */
export function renderChatPage({
  path = "/chat",
  conversationId = null,
}: { path?: string; conversationId?: string | null } = {}) {
  signInForTest();
  if (conversationId) chatStore.setState({ currentConversationId: conversationId });
  const queryClient = createQueryClient();
  const page = (
    <NavProvider>
      <ChatPage />
    </NavProvider>
  );
  const router = createMemoryRouter(
    [
      { path: "/chat", element: page },
      { path: "/chat/:entryGptSystemId", element: page },
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, queryClient, router };
}

/** The hooks every chat page test needs: clean chat state, sized elements for the virtualizer, agent handlers. */
export function setUpChatPageTests(): void {
  vi.setConfig({ testTimeout: 20_000 });
  let restoreSizes = () => {};
  beforeEach(() => {
    resetChatState();
    restoreSizes = giveElementsASize();
    server.use(...agentHandlers);
  });
  afterEach(() => {
    restoreSizes();
    resetChatState();
  });
}
