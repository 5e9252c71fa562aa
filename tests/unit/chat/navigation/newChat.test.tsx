import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { chatActions, chatStore, initialChatState } from "../../../../src/chat/state/chatStore";
import { API } from "../../utils/handlers";
import { renderApp, signInForTest } from "../../utils/renderApp";
import { server } from "../../utils/server";
import {
  AGENT_ID,
  CONVERSATION_ID,
  controlledStream,
  makeConversation,
  makeSegment,
  segmentId,
} from "../conversation/chatTestUtils";
import {
  conversation,
  historyList,
  openNavigation,
  serveConversationLists,
  stubViewportHeight,
  type ConversationSummary,
} from "./navigationFixtures";

vi.setConfig({ testTimeout: 20_000 });

let restoreViewport: () => void;
beforeEach(() => {
  restoreViewport = stubViewportHeight();
});

afterEach(() => {
  restoreViewport();
  chatStore.setState(initialChatState);
});

describe("New Chat (spec §4)", () => {
  it.each([
    ["has no agent", () => HttpResponse.json([])],
    [
      "may not read agents (403)",
      () =>
        HttpResponse.json(
          { title: "Forbidden", status: 403, detail: "This operation requires one of these actions: GptSystemsRead." },
          { status: 403, headers: { "content-type": "application/problem+json" } },
        ),
    ],
  ])("is refused with the toast when the user %s", async (_case, agents) => {
    server.use(http.get(`${API}/CurrentUser/AvailableGptSystems`, agents));
    const current = conversation("Open one", new Date());
    serveConversationLists([current]);
    server.use(http.get(`${API}/userConversations/:conversationId`, () => new HttpResponse(null, { status: 404 })));
    signInForTest();
    const { router } = renderApp(`/chat?c=${current.conversationId}`);
    const navigation = await openNavigation();
    await userEvent.click(within(navigation).getByRole("button", { name: "New Chat" }));
    expect(await screen.findByText("You currently don't have access to any agents")).toBeInTheDocument();
    expect(chatStore.getState().currentConversationId).toBe(current.conversationId);
    expect(router.state.location.search).toBe(`?c=${current.conversationId}`);
  });

  it("aborts the running answer, clears the conversation, opens the agent's chat and refetches the list after 1000 ms", async () => {
    const current = conversation("Streaming one", new Date());
    const listedAt: number[] = [];
    server.use(
      http.get(`${API}/userConversations`, () => {
        listedAt.push(Date.now());
        return HttpResponse.json({ items: [current], continuationToken: null });
      }),
      http.get(`${API}/userConversations/:conversationId`, () => new HttpResponse(null, { status: 404 })),
    );
    signInForTest();
    const { router } = renderApp(`/chat?c=${current.conversationId}`);
    const navigation = await openNavigation();
    await within(navigation).findByRole("button", { name: "Streaming one" });
    const stream = new AbortController();
    chatActions.beginStream(stream);
    chatActions.setCurrentGptSystem("00000000-0000-4000-8000-0000000000a1");
    const before = listedAt.length;

    const clickedAt = Date.now();
    await userEvent.click(within(navigation).getByRole("button", { name: "New Chat" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/chat/00000000-0000-4000-8000-0000000000a1"));
    expect(router.state.location.search).toBe("");
    expect(stream.signal.aborted).toBe(true);
    expect(chatStore.getState()).toMatchObject({ currentConversationId: null, userConversationIsActive: false });

    await waitFor(() => expect(listedAt.length).toBe(before + 1), { timeout: 4000 });
    expect(listedAt[before]! - clickedAt).toBeGreaterThanOrEqual(1000);
  });

  it("leaves a new chat whose question the server has not named yet: the page is empty, and the answer is stopped once named", async () => {
    serveConversationLists([]);
    const stream = controlledStream();
    const stops: string[] = [];
    server.use(
      http.post(`${API}/userConversations/byGptSystemId/:gptSystemId`, () => stream.response()),
      http.post(`${API}/userConversations/:conversationId/segments/:conversationSegmentId/stop`, ({ params }) => {
        stops.push(`${String(params.conversationId)}/${String(params.conversationSegmentId)}`);
        return new HttpResponse(null, { status: 204 });
      }),
      http.get(`${API}/userConversations/${CONVERSATION_ID}`, () =>
        HttpResponse.json(makeConversation([makeSegment(1, { question: "Left at once", answer: "", status: "Aborted" })])),
      ),
    );
    signInForTest();
    renderApp(`/chat/${AGENT_ID}`);
    const navigation = await openNavigation();
    const user = userEvent.setup();
    await user.type(screen.getByRole("textbox", { name: "Message" }), "Left at once{Enter}");
    expect(await screen.findByText("Left at once")).toBeInTheDocument();
    await user.click(within(navigation).getByRole("button", { name: "New Chat" }));
    // The new chat's page shows nothing of the chat left.
    await waitFor(() => expect(screen.queryByText("Left at once")).not.toBeInTheDocument());
    expect(screen.queryByText("Stopped")).not.toBeInTheDocument();

    stream.send("conversation-and-segment-id", { conversationId: CONVERSATION_ID, conversationSegmentId: segmentId(1) });
    stream.send("response-updated", "Not for this page");
    await waitFor(() => expect(stops).toEqual([`${CONVERSATION_ID}/${segmentId(1)}`]));
    expect(chatStore.getState().currentConversationId).toBeNull();
    expect(screen.queryByText("Left at once")).not.toBeInTheDocument();
    expect(screen.queryByText("Not for this page")).not.toBeInTheDocument();
  });

  it("stops the answer when Back (or Forward) leads to another conversation, as choosing it in the list does", async () => {
    const [first, second] = [conversation("First", new Date()), conversation("Second", new Date())];
    serveConversationLists([first, second]);
    server.use(http.get(`${API}/userConversations/:conversationId`, () => new HttpResponse(null, { status: 404 })));
    signInForTest();
    const { router } = renderApp(`/chat?c=${second.conversationId}`);
    await router.navigate(`/chat?c=${first.conversationId}`);
    await waitFor(() => expect(chatStore.getState().currentConversationId).toBe(first.conversationId));
    const stream = new AbortController();
    chatActions.beginStream(stream);
    await router.navigate(-1);
    await waitFor(() => expect(chatStore.getState().currentConversationId).toBe(second.conversationId));
    expect(stream.signal.aborted).toBe(true);
    expect(chatStore.getState()).toMatchObject({ streamAborted: true, userConversationIsActive: false });
  });

  it("opens /chat when no agent is current", async () => {
    signInForTest();
    const { router } = renderApp("/chat/agents");
    const navigation = await openNavigation();
    await userEvent.click(within(navigation).getByRole("button", { name: "New Chat" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/chat"));
  });

  it("stays with the agent of the page's address (/chat/{id}), not the one chatted with last", async () => {
    server.use(
      http.get(`${API}/CurrentUser/recentGptSystems`, () =>
        HttpResponse.json([{ gptSystemId: "00000000-0000-4000-8000-0000000000b2", name: "Other" }]),
      ),
    );
    signInForTest();
    const { router } = renderApp(`/chat/${AGENT_ID}`);
    const navigation = await openNavigation();
    await userEvent.click(within(navigation).getByRole("button", { name: "New Chat" }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/chat/${AGENT_ID}`));
  });

  it("selecting another conversation while an answer streams aborts it and refetches the list after 1 s", async () => {
    const listedAt: number[] = [];
    const items = [conversation("First", new Date()), conversation("Second", new Date())];
    server.use(
      http.get(`${API}/userConversations`, () => {
        listedAt.push(Date.now());
        return HttpResponse.json({ items, continuationToken: null });
      }),
      http.get(`${API}/userConversations/:conversationId`, () => new HttpResponse(null, { status: 404 })),
    );
    signInForTest();
    renderApp("/chat");
    const navigation = await openNavigation();
    await within(navigation).findByRole("button", { name: "Second" });
    const stream = new AbortController();
    chatActions.beginStream(stream);
    const before = listedAt.length;
    const clickedAt = Date.now();
    await userEvent.click(within(navigation).getByRole("button", { name: "Second" }));
    expect(stream.signal.aborted).toBe(true);
    expect(chatStore.getState().streamAborted).toBe(true);
    await waitFor(() => expect(listedAt.length).toBe(before + 1), { timeout: 4000 });
    expect(listedAt[before]! - clickedAt).toBeGreaterThanOrEqual(1000);
  });
});

describe("a conversation started by a question", () => {
  it("is listed, as the current one, while its first answer still streams", async () => {
    const history: ConversationSummary[] = [conversation("Older", new Date(Date.now() - 60_000))];
    serveConversationLists(history);
    const stream = controlledStream();
    const started = conversation("Plan a weekend in Lisbon", new Date(), { conversationId: CONVERSATION_ID });
    server.use(
      http.post(`${API}/userConversations/byGptSystemId/:gptSystemId`, () => {
        // The server stores the conversation, titled after the question, before it answers.
        history.unshift(started);
        return stream.response();
      }),
      http.get(`${API}/userConversations/${CONVERSATION_ID}`, () =>
        HttpResponse.json(
          makeConversation([makeSegment(1, { question: "Plan a weekend in Lisbon", answer: "", status: "Pending" })]),
        ),
      ),
    );
    signInForTest();
    renderApp(`/chat/${AGENT_ID}`);
    const list = await historyList(await openNavigation());
    await within(list).findByRole("button", { name: "Older" });
    const user = userEvent.setup();
    await user.type(screen.getByRole("textbox", { name: "Message" }), "Plan a weekend in Lisbon{Enter}");
    stream.send("conversation-and-segment-id", {
      conversationId: started.conversationId,
      conversationSegmentId: segmentId(1),
    });
    stream.send("response-updated", "Day 1");

    const row = await within(list).findByRole("button", { name: "Plan a weekend in Lisbon" });
    await waitFor(() => expect(row).toHaveAttribute("aria-current", "page"));
    expect(screen.getByRole("button", { name: "Stop" })).toBeInTheDocument();
    stream.close();
  });

  it("gives Send back as soon as its answer is final, and shows the model's title once the stream ends", async () => {
    const history: ConversationSummary[] = [conversation("Older", new Date(Date.now() - 60_000))];
    serveConversationLists(history);
    const first = controlledStream();
    const second = controlledStream();
    const started = conversation("Plan a weekend in Lisbon", new Date(), { conversationId: CONVERSATION_ID });
    let stored = makeSegment(1, { question: "Plan a weekend in Lisbon", answer: "", status: "Pending" });
    server.use(
      http.post(`${API}/userConversations/byGptSystemId/:gptSystemId`, () => {
        history.unshift(started);
        return first.response();
      }),
      http.post(`${API}/userConversations/${CONVERSATION_ID}/segments`, () => second.response()),
      http.get(`${API}/userConversations/${CONVERSATION_ID}`, () => HttpResponse.json(makeConversation([stored]))),
    );
    signInForTest();
    renderApp(`/chat/${AGENT_ID}`);
    const list = await historyList(await openNavigation());
    const user = userEvent.setup();
    const message = screen.getByRole("textbox", { name: "Message" });
    await user.type(message, "Plan a weekend in Lisbon{Enter}");
    first.send("conversation-and-segment-id", { conversationId: CONVERSATION_ID, conversationSegmentId: segmentId(1) });
    first.send("response-updated", "Day 1: Alfama.");
    await within(list).findByRole("button", { name: "Plan a weekend in Lisbon" });

    // The answer is stored as final; the server now names the conversation before no-more-data.
    stored = { ...stored, answer: "Day 1: Alfama.", status: "Complete" };
    first.send("response-model", { conversationSegmentId: segmentId(1), status: "Complete", citations: [], errorText: null });
    expect(await screen.findByRole("button", { name: "Regenerate" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Stop" })).not.toBeInTheDocument();
    expect(chatStore.getState().userConversationIsActive).toBe(false);

    // A follow-up asked meanwhile streams on its own; the first stream's end does not touch it.
    await user.type(message, "And Porto?{Enter}");
    expect(await screen.findByRole("button", { name: "Stop" })).toBeInTheDocument();
    history[0] = { ...started, title: "Lisbon weekend plan" };
    first.send("no-more-data", null);
    first.close();
    expect(await within(list).findByRole("button", { name: "Lisbon weekend plan" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Stop" })).toBeInTheDocument();
    expect(chatStore.getState().userConversationIsActive).toBe(true);
    second.close();
  });

  it("does not follow its own finished answer when a copy fetched while it streamed arrives after the end", async () => {
    serveConversationLists([conversation("Older", new Date(Date.now() - 60_000))]);
    const stream = controlledStream();
    const streaming = makeSegment(1, { question: "Quick one", answer: "", status: "Streaming" });
    const complete = makeSegment(1, { question: "Quick one", answer: "Done." });
    let releaseFirstRead!: () => void;
    const firstRead = new Promise<void>((resolve) => (releaseFirstRead = resolve));
    let reads = 0;
    const followed: string[] = [];
    server.use(
      http.post(`${API}/userConversations/byGptSystemId/:gptSystemId`, () => stream.response()),
      http.get(`${API}/userConversations/${CONVERSATION_ID}`, async () => {
        // The first read was sent while the answer streamed: the server answers it as it was then.
        if (++reads === 1) {
          await firstRead;
          return HttpResponse.json(makeConversation([streaming]));
        }
        return HttpResponse.json(makeConversation([complete]));
      }),
      http.get(`${API}/userConversations/${CONVERSATION_ID}/segments/:segmentId/stream`, ({ params }) => {
        followed.push(String(params.segmentId));
        return controlledStream().response();
      }),
    );
    signInForTest();
    renderApp(`/chat/${AGENT_ID}`);
    const user = userEvent.setup();
    await user.type(await screen.findByRole("textbox", { name: "Message" }), "Quick one{Enter}");
    stream.send("conversation-and-segment-id", { conversationId: CONVERSATION_ID, conversationSegmentId: segmentId(1) });
    await waitFor(() => expect(reads).toBe(1));
    stream.send("response-updated", "Done.");
    stream.send("response-model", { conversationSegmentId: segmentId(1), status: "Complete", citations: [], errorText: null });
    await waitFor(() => expect(chatStore.getState().userConversationIsActive).toBe(false));
    releaseFirstRead();

    expect(await screen.findByRole("button", { name: "Regenerate" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Stop" })).not.toBeInTheDocument();
    expect(followed).toEqual([]);
    stream.close();
  });
});
