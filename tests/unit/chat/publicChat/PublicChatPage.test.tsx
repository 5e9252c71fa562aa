/** The public chat page against the public API: the visitor's session, the introduction, asking, the not-found page. */
import { configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { chatStore, initialChatState } from "../../../../src/chat/state/chatStore";
import { AGENT_ID, CONVERSATION_ID, controlledStream, makeConversation, makeSegment, segmentId } from "../conversation/chatTestUtils";
import { API } from "../../utils/handlers";
import { renderApp } from "../../utils/renderApp";
import { server } from "../../utils/server";

configure({ asyncUtilTimeout: 10_000 });

const ENDPOINT = "help-desk";
const STALE = `${AGENT_ID}.stale-random-part.stale-signature`;
const SESSION = `${AGENT_ID}.fresh-random-part.fresh-signature`;
const notFound = () => HttpResponse.json({ type: "about:blank", title: "Not Found", status: 404 }, { status: 404 });
const details = {
  gptSystemId: AGENT_ID,
  name: "Atlas",
  description: "",
  gptSystemType: "System",
  introduction: "Ask me about **opening hours**.",
  capabilityTypes: [],
  supportsVision: false,
  deploymentName: "local",
  languageEngine: "local",
};

beforeEach(() => {
  vi.setConfig({ testTimeout: 20_000 });
  chatStore.setState(initialChatState);
});
afterEach(() => chatStore.setState(initialChatState));

describe("the public chat page", () => {
  it("replaces a stale stored session, introduces the agent, and asks with the session in the header", async () => {
    window.localStorage.setItem(`publicChatSession:${ENDPOINT}`, STALE);
    const stream = controlledStream();
    const sessionHeaders: (string | null)[] = [];
    let saved = false;
    server.use(
      http.get(`${API}/publicConversations/gptSystemDetailsForConversation/:session`, ({ params }) =>
        params.session === SESSION ? HttpResponse.json(details) : notFound(),
      ),
      http.post(`${API}/publicConversations/byGptPublicEndpoint/${ENDPOINT}/sessions`, () =>
        HttpResponse.json({ sessionIdentifier: SESSION, gptSystemId: AGENT_ID }, { status: 201 }),
      ),
      http.get(`${API}/publicConversations/promptsForConversation/${SESSION}`, () =>
        HttpResponse.json([{ promptId: "p1", title: "Hours", prompt: "When are you open?" }]),
      ),
      http.get(`${API}/publicConversations`, ({ request }) => {
        sessionHeaders.push(request.headers.get("x-session-identifier"));
        return HttpResponse.json(
          saved ? [{ ...makeConversation([]), title: "Opening hours", conversationSegmentTree: undefined }] : [],
        );
      }),
      http.post(`${API}/publicConversations/byGptPublicEndpoint/${ENDPOINT}`, async ({ request }) => {
        sessionHeaders.push(request.headers.get("x-session-identifier"));
        expect(request.headers.get("authorization")).toBeNull();
        expect(await request.json()).toEqual({ question: "When are you open?" });
        return stream.response();
      }),
      http.get(`${API}/publicConversations/${CONVERSATION_ID}`, ({ request }) => {
        sessionHeaders.push(request.headers.get("x-session-identifier"));
        const segment = makeSegment(1, { question: "When are you open?", answer: saved ? "From nine." : "", status: saved ? "Complete" : "Streaming" });
        return HttpResponse.json({ ...makeConversation([segment]), title: "Opening hours" });
      }),
    );

    const { router } = renderApp(`/public-chat/${ENDPOINT}`);
    expect(await screen.findByRole("heading", { name: "Atlas", level: 1 })).toBeTruthy();
    // The introduction is markdown (its renderer loads on demand).
    expect(await screen.findByText("opening hours")).toBeTruthy();
    expect(window.localStorage.getItem(`publicChatSession:${ENDPOINT}`)).toBe(SESSION);

    await userEvent.setup().click(screen.getByRole("button", { name: /Hours/ }));
    stream.send("conversation-and-segment-id", { conversationId: CONVERSATION_ID, conversationSegmentId: segmentId(1) });
    stream.send("response-updated", "From ");
    expect(await screen.findByText("From", { exact: false })).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe(`?c=${CONVERSATION_ID}`));
    expect(screen.getByRole("button", { name: "Stop" })).toBeTruthy();
    saved = true;
    stream.send("response-updated", "nine.");
    stream.send("response-model", { conversationSegmentId: segmentId(1), status: "Complete", citations: [], errorText: null });
    stream.send("no-more-data", null);
    stream.close();

    expect(await screen.findByRole("button", { name: "Send" })).toBeTruthy();
    const turns = await screen.findAllByTestId("public-chat-turn");
    expect(turns).toHaveLength(1);
    expect(within(turns[0]!).getByText("From nine.")).toBeTruthy();
    expect(within(turns[0]!).getByText("When are you open?")).toBeTruthy();
    expect(sessionHeaders.length).toBeGreaterThan(0);
    expect(new Set(sessionHeaders)).toEqual(new Set([SESSION]));
  });

  it("says so when the endpoint has no public chat, without sending anyone to sign in", async () => {
    server.use(http.post(`${API}/publicConversations/byGptPublicEndpoint/no-such-desk/sessions`, notFound));
    const { router } = renderApp("/public-chat/no-such-desk");
    expect(await screen.findByRole("heading", { name: "Public chat not found" })).toBeTruthy();
    expect(screen.getByText("There is no public chat at this address, or it is no longer available.")).toBeTruthy();
    expect(router.state.location.pathname).toBe("/public-chat/no-such-desk");
  });
  it("keeps the visitor's session while the agent is not public, so that its conversations come back with it", async () => {
    window.localStorage.setItem(`publicChatSession:${ENDPOINT}`, SESSION);
    let available = false;
    server.use(
      http.get(`${API}/publicConversations/gptSystemDetailsForConversation/:session`, ({ params }) =>
        available && params.session === SESSION ? HttpResponse.json(details) : notFound(),
      ),
      http.post(`${API}/publicConversations/byGptPublicEndpoint/${ENDPOINT}/sessions`, () =>
        available
          ? HttpResponse.json({ sessionIdentifier: "a-new-session", gptSystemId: AGENT_ID }, { status: 201 })
          : notFound(),
      ),
      http.get(`${API}/publicConversations/promptsForConversation/:session`, () => HttpResponse.json([])),
      http.get(`${API}/publicConversations`, () => HttpResponse.json([])),
    );
    const first = renderApp(`/public-chat/${ENDPOINT}`);
    expect(await screen.findByRole("heading", { name: "Public chat not found" })).toBeTruthy();
    expect(window.localStorage.getItem(`publicChatSession:${ENDPOINT}`)).toBe(SESSION);
    first.unmount();

    available = true;
    renderApp(`/public-chat/${ENDPOINT}`);
    expect(await screen.findByRole("heading", { name: "Atlas" })).toBeTruthy();
    expect(window.localStorage.getItem(`publicChatSession:${ENDPOINT}`)).toBe(SESSION);
  });

  it("finds the chat of a capitalised address, and says there is none for an address that cannot be one", async () => {
    const asked: string[] = [];
    server.use(
      http.post(`${API}/publicConversations/byGptPublicEndpoint/:endpoint/sessions`, ({ params }) => {
        asked.push(String(params.endpoint));
        return params.endpoint === ENDPOINT
          ? HttpResponse.json({ sessionIdentifier: SESSION, gptSystemId: AGENT_ID }, { status: 201 })
          : HttpResponse.json({ type: "about:blank", title: "Bad Request", status: 400 }, { status: 400 });
      }),
      http.get(`${API}/publicConversations/gptSystemDetailsForConversation/${SESSION}`, () =>
        HttpResponse.json(details),
      ),
      http.get(`${API}/publicConversations/promptsForConversation/${SESSION}`, () => HttpResponse.json([])),
      http.get(`${API}/publicConversations`, () => HttpResponse.json([])),
    );
    const capitalised = renderApp("/public-chat/HELP-DESK");
    expect(await screen.findByRole("heading", { name: "Atlas" })).toBeTruthy();
    capitalised.unmount();

    renderApp("/public-chat/a_b");
    expect(await screen.findByRole("heading", { name: "Public chat not found" })).toBeTruthy();
    expect(asked).toEqual([ENDPOINT, "a_b"]); // a 400 is not asked again
  });
});

describe("a question in the public chat", () => {
  function serveSession(conversation: () => object) {
    window.localStorage.setItem(`publicChatSession:${ENDPOINT}`, SESSION);
    server.use(
      http.get(`${API}/publicConversations/gptSystemDetailsForConversation/${SESSION}`, () =>
        HttpResponse.json(details),
      ),
      http.get(`${API}/publicConversations/promptsForConversation/${SESSION}`, () => HttpResponse.json([])),
      http.get(`${API}/publicConversations`, () => HttpResponse.json([])),
      http.get(`${API}/publicConversations/${CONVERSATION_ID}`, () => HttpResponse.json(conversation())),
    );
  }

  it("comes back to the message box when it is refused, and the conversation shown stays", async () => {
    serveSession(() => makeConversation([makeSegment(1, { question: "Earlier?", answer: "Earlier answer." })]));
    server.use(
      http.post(`${API}/publicConversations/${CONVERSATION_ID}/segments`, () =>
        HttpResponse.json(
          { type: "about:blank", title: "Not Found", status: 404, detail: "This chat is not available right now." },
          { status: 404 },
        ),
      ),
    );
    renderApp(`/public-chat/${ENDPOINT}?c=${CONVERSATION_ID}`);
    expect(await screen.findByText("Earlier answer.")).toBeTruthy();
    const input = screen.getByRole("textbox", { name: "Your question" });
    await userEvent.setup().type(input, "A long question I would not want to type again{Enter}");

    expect(await screen.findByText("This chat is not available right now.")).toBeTruthy();
    await waitFor(() => expect(input).toHaveValue("A long question I would not want to type again"));
    expect(screen.getAllByTestId("public-chat-turn")).toHaveLength(1);
    expect(screen.getByText("Earlier answer.")).toBeTruthy();
  });

  it("marks a failed answer with its error below what it had said", async () => {
    serveSession(() =>
      makeConversation([
        makeSegment(1, {
          answer: "The first half",
          status: "Failed",
          errorText: "The model server could not be reached.",
        }),
      ]),
    );
    renderApp(`/public-chat/${ENDPOINT}?c=${CONVERSATION_ID}`);
    expect(await screen.findByText("The first half")).toBeTruthy();
    expect(screen.getByText("The model server could not be reached.")).toBeTruthy();
  });

  it("reads a conversation again until an answer stored as coming has ended (asked in another tab)", async () => {
    let reads = 0;
    serveSession(() => {
      reads++;
      const done = reads >= 3;
      return makeConversation([
        makeSegment(1, { answer: done ? "All of it." : "Some", status: done ? "Complete" : "Streaming" }),
      ]);
    });
    renderApp(`/public-chat/${ENDPOINT}?c=${CONVERSATION_ID}`);
    expect(await screen.findByText("All of it.", {}, { timeout: 8_000 })).toBeTruthy();
    const readsWhenDone = reads;
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(reads).toBe(readsWhenDone); // not read again once it has ended
  });
});
