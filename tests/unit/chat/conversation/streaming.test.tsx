import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse, type RequestHandler } from "msw";
import { describe, expect, it, onTestFinished, vi } from "vitest";
import { chatActions, chatStore } from "../../../../src/chat/state/chatStore";
import { API } from "../../utils/handlers";
import { server } from "../../utils/server";
import {
  AGENT_ID,
  agentRef,
  CONVERSATION_ID,
  controlledStream,
  serveConversationStreamingNext,
  makeConversation,
  makeSegment,
  renderChatPage,
  segmentId,
  setUpChatPageTests,
} from "./chatTestUtils";

setUpChatPageTests();

async function ask(question: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByRole("textbox", { name: "Message" }), question);
  await user.keyboard("{Enter}");
}

/** Opens the conversation of one answer, asks a second question and starts its answer (segment 2) on `stream`. */
async function askSecondQuestion(stream: ReturnType<typeof controlledStream>) {
  renderChatPage({ conversationId: CONVERSATION_ID });
  expect(await screen.findByText("Answer 1")).toBeInTheDocument();
  await ask("Second?");
  stream.send("conversation-and-segment-id", { conversationId: CONVERSATION_ID, conversationSegmentId: segmentId(2) });
}

/**
 * Asks a second question (askSecondQuestion) whose answer's stream breaks off after "The first half"
 * while the server cannot be reached (nor the calls of `unreachable`): the answer shows as cut short.
 */
async function loseConnectionInSecondAnswer(
  stream: ReturnType<typeof controlledStream>,
  ...unreachable: RequestHandler[]
) {
  await askSecondQuestion(stream);
  stream.send("response-updated", "The first half");
  await screen.findByText("The first half");
  server.use(
    http.get(`${API}/userConversations/${CONVERSATION_ID}`, () => HttpResponse.error()),
    http.get(`${API}/userConversations/${CONVERSATION_ID}/segments/:segmentId/stream`, () => HttpResponse.error()),
    ...unreachable,
  );
  stream.fail();
  await screen.findByText(
    "The connection was lost before the whole answer arrived. The rest will follow as soon as the server can be reached.",
  );
}

/** The page logs a broken stream or a failed post as an error: kept out of the test's output. */
function quietConsoleErrors(): void {
  const spy = vi.spyOn(console, "error").mockImplementation(() => undefined);
  onTestFinished(() => spy.mockRestore());
}

describe("a streamed answer", () => {
  it("starts a conversation and follows the whole event sequence into the view", async () => {
    const stream = controlledStream();
    const posted: unknown[] = [];
    const finished = makeConversation([
      makeSegment(1, { question: "Plan Lisbon", answer: "Day 1: **Alfama**.", citations: [] }),
    ]);
    let conversationReads = 0;
    server.use(
      http.post(`${API}/userConversations/byGptSystemId/:gptSystemId`, async ({ request, params }) => {
        posted.push({
          gptSystemId: params.gptSystemId,
          body: await request.json(),
          auth: request.headers.get("authorization"),
        });
        return stream.response();
      }),
      http.get(`${API}/userConversations/${CONVERSATION_ID}`, () => {
        conversationReads++;
        return HttpResponse.json(
          conversationReads === 1
            ? makeConversation([makeSegment(1, { question: "Plan Lisbon", answer: "", status: "Pending" })])
            : finished,
        );
      }),
    );
    renderChatPage();
    expect(await screen.findByText(/I plan trips/)).toBeInTheDocument();
    await ask("Plan Lisbon");

    // Spec §4: starting a question shows it with a pending, empty answer.
    expect(await screen.findByText("Plan Lisbon")).toBeInTheDocument();
    expect(screen.getByTestId("streaming-cursor")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Stop" })).toBeInTheDocument();
    expect(posted).toEqual([
      { gptSystemId: AGENT_ID, body: { question: "Plan Lisbon" }, auth: expect.stringMatching(/^Bearer /) },
    ]);

    stream.send("conversation-and-segment-id", {
      conversationId: CONVERSATION_ID,
      conversationSegmentId: segmentId(1),
    });
    stream.send("segment-answered-with-gpt-system", agentRef);
    stream.send("cosmos-db-session-tokens", { "x-cosmos-session-token": "s1:1" });
    stream.send("step-update", "Searching the guide");
    await waitFor(() => expect(chatStore.getState().currentConversationId).toBe(CONVERSATION_ID));
    expect(await within(screen.getByTestId("answer")).findByText("Searching the guide")).toBeInTheDocument();
    expect(chatStore.getState().cosmosDbSessionTokens).toEqual({ "x-cosmos-session-token": "s1:1" });

    stream.send("response-updated", "Day 1: ");
    stream.send("response-updated", "**Alfama**.");
    await waitFor(() => expect(screen.getByTestId("answer")).toHaveTextContent("Day 1: Alfama."));
    expect(screen.getByText("Alfama").tagName).toBe("STRONG");

    stream.send("response-model", {
      conversationSegmentId: segmentId(1),
      status: "Complete",
      citations: [],
      errorText: null,
    });
    stream.send("no-more-data", null);
    stream.close();
    // Spec §4: the stream ends (active flag cleared), the conversation is refetched and actions appear.
    expect(await screen.findByRole("button", { name: "Regenerate" })).toBeInTheDocument();
    expect(chatStore.getState().userConversationIsActive).toBe(false);
    expect(screen.queryByTestId("streaming-cursor")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Send" })).toBeInTheDocument();
  });

  it("appends error and internal-server-error text to the answer and marks it failed", async () => {
    const stream = serveConversationStreamingNext();
    await askSecondQuestion(stream);
    stream.send("response-updated", "Partial");
    stream.send("error", "\n\nThe model is overloaded.");
    stream.send("internal-server-error", "\n\nAn internal error stopped this answer.");
    stream.send("response-model", {
      conversationSegmentId: segmentId(2),
      status: "Failed",
      citations: [],
      errorText: "The model is overloaded.",
    });
    const answers = await screen.findAllByTestId("answer");
    await waitFor(() => expect(answers[1]).toHaveAttribute("data-status", "Failed"));
    expect(answers[1]).toHaveTextContent("PartialThe model is overloaded.An internal error stopped this answer.");
  });

  it("ignores chunks that arrive after the user switched conversation", async () => {
    const stream = controlledStream();
    const other = "55555555-5555-4555-8555-555555555555";
    server.use(
      http.get(`${API}/userConversations/${CONVERSATION_ID}`, () =>
        HttpResponse.json(makeConversation([makeSegment(1)])),
      ),
      http.get(`${API}/userConversations/${other}`, () =>
        HttpResponse.json({
          ...makeConversation([makeSegment(7, { parentSegmentId: null, answer: "Other answer" })]),
          conversationId: other,
        }),
      ),
      http.post(`${API}/userConversations/${CONVERSATION_ID}/segments`, () => stream.response()),
    );
    await askSecondQuestion(stream);
    stream.send("response-updated", "before the switch");
    await screen.findByText("before the switch");

    act(() => chatActions.setCurrentConversation(other));
    expect(await screen.findByText("Other answer")).toBeInTheDocument();
    stream.send("response-updated", " LEAKED");
    stream.send("step-update", "LEAKED STEP");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(/LEAKED/)).not.toBeInTheDocument();
    expect(screen.queryByText(/before the switch/)).not.toBeInTheDocument();
    expect(within(screen.getByTestId("message-list")).getAllByTestId("answer")).toHaveLength(1);
    stream.close();
  });

  // The server goes on answering a page whose stream broke off (as across a reload): the page follows the rest.
  // A new conversation's first answer was read as in progress once already, which did not start a follow then.
  it("follows the rest of a new conversation's first answer when its stream breaks off", async () => {
    const stream = controlledStream();
    const follow = controlledStream();
    const followed: string[] = [];
    let conversationReads = 0;
    server.use(
      http.post(`${API}/userConversations/byGptSystemId/:gptSystemId`, () => stream.response()),
      http.get(`${API}/userConversations/${CONVERSATION_ID}`, () => {
        conversationReads++;
        const segment =
          conversationReads === 1
            ? { answer: "", status: "Pending" as const }
            : { answer: "So far", status: "Streaming" as const };
        return HttpResponse.json(makeConversation([makeSegment(1, { question: "Plan Lisbon", ...segment })]));
      }),
      http.get(`${API}/userConversations/${CONVERSATION_ID}/segments/:segmentId/stream`, ({ params }) => {
        followed.push(String(params.segmentId));
        return follow.response();
      }),
    );
    quietConsoleErrors();
    renderChatPage();
    await screen.findByText(/I plan trips/);
    await ask("Plan Lisbon");
    stream.send("conversation-and-segment-id", {
      conversationId: CONVERSATION_ID,
      conversationSegmentId: segmentId(1),
    });
    stream.send("response-updated", "So far");
    await waitFor(() => expect(screen.getByTestId("answer")).toHaveTextContent("So far"));
    await waitFor(() => expect(conversationReads).toBe(1));

    stream.fail();
    await waitFor(() => expect(followed).toEqual([segmentId(1)]));
    follow.send("conversation-and-segment-id", {
      conversationId: CONVERSATION_ID,
      conversationSegmentId: segmentId(1),
    });
    follow.send("response-updated", "So far, and the rest.");
    await waitFor(() => expect(screen.getByTestId("answer")).toHaveTextContent("So far, and the rest."));
    expect(screen.getByTestId("answer")).toHaveAttribute("data-status", "Streaming");
    expect(screen.getByRole("button", { name: "Stop" })).toBeInTheDocument();
    follow.send("response-model", {
      conversationSegmentId: segmentId(1),
      status: "Complete",
      citations: [],
      errorText: null,
    });
    follow.send("no-more-data", null);
    follow.close();
    await waitFor(() => expect(screen.getByTestId("answer")).toHaveAttribute("data-status", "Complete"));
    expect(screen.getByTestId("answer")).toHaveTextContent("So far, and the rest.");
    expect(followed).toEqual([segmentId(1)]);
  });

  it("keeps what came of an answer whose stream broke off, marked as cut short, when the server cannot be reached", async () => {
    const stream = serveConversationStreamingNext();
    server.use(
      http.get(`${API}/userConversations/${CONVERSATION_ID}/segments/:segmentId/stream`, () => HttpResponse.error()),
    );
    quietConsoleErrors();
    await askSecondQuestion(stream);
    stream.send("response-updated", "The first half");
    await screen.findByText("The first half");

    stream.fail();
    const answers = await screen.findAllByTestId("answer");
    await waitFor(() => expect(answers[1]).toHaveAttribute("data-status", "Failed"));
    expect(answers[1]).toHaveTextContent("The first half");
    expect(
      within(answers[1]!).getByText(
        "The connection was lost before the whole answer arrived. The rest will follow as soon as the server can be reached.",
      ),
    ).toBeInTheDocument();
    // Said once, politely, by the page's status (the answer's mark is no alert: it comes back with its row).
    expect(within(answers[1]!).queryByRole("alert")).not.toBeInTheDocument();
    expect(
      screen.getByText(
        "Atlas could not answer: The connection was lost before the whole answer arrived. The rest will follow as soon as the server can be reached.",
      ),
    ).toHaveAttribute("role", "status");
    expect(screen.getByRole("button", { name: "Send" })).toBeInTheDocument();
  });

  // The next question replaces the live answer, and the page then shows its cached copy, which no refresh can reach.
  it("keeps an answer cut short by a lost connection when the next question cannot be sent either", async () => {
    const stream = serveConversationStreamingNext();
    quietConsoleErrors();
    await loseConnectionInSecondAnswer(
      stream,
      http.post(`${API}/userConversations/${CONVERSATION_ID}/segments`, () => HttpResponse.error()),
    );
    await ask("Third?");
    expect(await screen.findByText("The question could not be sent. Please try again.")).toBeInTheDocument();
    const answers = screen.getAllByTestId("answer");
    expect(answers).toHaveLength(2);
    expect(answers[1]).toHaveAttribute("data-status", "Failed");
    expect(answers[1]).toHaveTextContent("The first half");
    expect(
      within(answers[1]!).getByText(
        "The connection was lost before the whole answer arrived. The rest will follow as soon as the server can be reached.",
      ),
    ).toBeInTheDocument();
  });

  it("shows the server's copy of an answer cut short by a lost connection once the next question is accepted", async () => {
    const stream = serveConversationStreamingNext();
    const next = controlledStream();
    quietConsoleErrors();
    await loseConnectionInSecondAnswer(stream);

    // The server is reachable again: it stored the answer as far as it came before the connection closed.
    server.use(
      http.get(`${API}/userConversations/${CONVERSATION_ID}`, () =>
        HttpResponse.json(
          makeConversation([
            makeSegment(1),
            makeSegment(2, { question: "Second?", answer: "The first half, and more", status: "Aborted" }),
            makeSegment(3, { question: "Third?", answer: "", status: "Pending" }),
          ]),
        ),
      ),
      http.post(`${API}/userConversations/${CONVERSATION_ID}/segments`, () => next.response()),
    );
    await ask("Third?");
    next.send("conversation-and-segment-id", { conversationId: CONVERSATION_ID, conversationSegmentId: segmentId(3) });
    next.send("response-updated", "Third answer so far");

    await waitFor(() => expect(screen.getAllByTestId("answer")).toHaveLength(3));
    const answers = screen.getAllByTestId("answer");
    await waitFor(() => expect(answers[1]).toHaveTextContent("The first half, and more"));
    expect(answers[1]).toHaveAttribute("data-status", "Aborted");
    expect(answers[2]).toHaveTextContent("Third answer so far");
    expect(answers[2]).toHaveAttribute("data-status", "Streaming");
  });

  it("says the question could not be sent when the post does not reach the server, keeping it to send again", async () => {
    server.use(http.post(`${API}/userConversations/byGptSystemId/:gptSystemId`, () => HttpResponse.error()));
    quietConsoleErrors();
    renderChatPage();
    await screen.findByText(/I plan trips/);
    await ask("Sent while offline");
    expect(await screen.findByText("The question could not be sent. Please try again.")).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Message" })).toHaveValue("Sent while offline");
    expect(screen.queryByTestId("answer")).not.toBeInTheDocument();
  });

  it("keeps the question when the post fails (only logged) and leaves no pending answer", async () => {
    server.use(
      http.post(`${API}/userConversations/byGptSystemId/:gptSystemId`, () =>
        HttpResponse.json(
          { title: "Bad Request", status: 400 },
          { status: 400, headers: { "content-type": "application/problem+json" } },
        ),
      ),
    );
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      renderChatPage();
      await screen.findByText(/I plan trips/);
      await ask("Will fail");
      await waitFor(() => expect(screen.getByRole("textbox", { name: "Message" })).toHaveValue("Will fail"));
      expect(screen.queryByTestId("answer")).not.toBeInTheDocument();
      expect(errors.length).toBeGreaterThan(0);
    } finally {
      console.error = original;
    }
  });
});
