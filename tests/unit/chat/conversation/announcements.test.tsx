import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { API } from "../../utils/handlers";
import { server } from "../../utils/server";
import {
  CONVERSATION_ID,
  controlledStream,
  makeConversation,
  makeSegment,
  renderChatPage,
  segmentId,
  setUpChatPageTests,
} from "./chatTestUtils";

setUpChatPageTests();

async function ask(question: string) {
  const user = userEvent.setup();
  await user.type(screen.getByRole("textbox", { name: "Message" }), question);
  await user.keyboard("{Enter}");
}

/** The message box's own status: what it says of the question's length (empty while it fits). */
function composerStatus(): HTMLElement {
  return within(screen.getByRole("textbox", { name: "Message" }).closest("form")!.parentElement!).getByRole("status");
}

/** The page's live regions outside the message list and the message box. */
function statusesOutsideTheLog(): HTMLElement[] {
  const log = screen.getByRole("log", { name: "Conversation" });
  const composer = composerStatus();
  return screen.getAllByRole("status").filter((status) => !log.contains(status) && status !== composer);
}

/** Streams an answer made of `chunks` to the end, as segment `n`. */
async function answer(stream: ReturnType<typeof controlledStream>, n: number, chunks: string[]) {
  stream.send("conversation-and-segment-id", { conversationId: CONVERSATION_ID, conversationSegmentId: segmentId(n) });
  for (const chunk of chunks) stream.send("response-updated", chunk);
  await screen.findByText(chunks.join(""));
}

function end(stream: ReturnType<typeof controlledStream>, n: number) {
  stream.send("response-model", {
    conversationSegmentId: segmentId(n),
    status: "Complete",
    citations: [],
    errorText: null,
  });
  stream.send("no-more-data", null);
  stream.close();
}

describe("what screen readers hear of the conversation", () => {
  it("announces that an answer is coming, its steps, and once that it ended: neither its chunks nor the rows of the message list", async () => {
    const streams = [controlledStream(), controlledStream()];
    const stored = [makeSegment(1)];
    server.use(
      http.get(`${API}/userConversations/${CONVERSATION_ID}`, () => HttpResponse.json(makeConversation(stored))),
      http.post(`${API}/userConversations/${CONVERSATION_ID}/segments`, () => streams[stored.length - 1]!.response()),
    );
    renderChatPage({ conversationId: CONVERSATION_ID });
    expect(await screen.findByText("Answer 1")).toBeInTheDocument();
    // A log is a polite live region by default: each chunk, and each row put back while scrolling, would be read.
    expect(screen.getByRole("log", { name: "Conversation" })).toHaveAttribute("aria-live", "off");
    const [announcer, ...others] = statusesOutsideTheLog();
    expect(others).toEqual([]);
    expect(announcer).toHaveTextContent(/^$/);

    await ask("Second?");
    await waitFor(() => expect(announcer).toHaveTextContent(/^Thinking…$/));
    // The answer's own status line is shown, and not a live region: it came into the page with its text.
    const log = screen.getByRole("log", { name: "Conversation" });
    expect(within(log).getByText("Thinking…")).toBeInTheDocument();
    expect(within(log).queryByRole("status")).toBeNull();
    streams[0]!.send("step-update", "Searching your files");
    await waitFor(() => expect(announcer).toHaveTextContent(/^Searching your files$/));
    await answer(streams[0]!, 2, ["The first part,", " and the second."]);
    // Chunks are not read out.
    expect(announcer).toHaveTextContent(/^Searching your files$/);
    stored.push(makeSegment(2, { question: "Second?", answer: "The first part, and the second." }));
    end(streams[0]!, 2);
    await waitFor(() => expect(announcer).toHaveTextContent(/^Atlas answered\.$/));
    expect(await screen.findByRole("button", { name: "Send" })).toBeInTheDocument();
    // The same element all along: a status put into the page with its text is not read by every screen reader.
    expect(statusesOutsideTheLog()).toEqual([announcer]);

    // The next answer is news again: its start changes the text, so that its end is a change too.
    await ask("Third?");
    await answer(streams[1]!, 3, ["Once more."]);
    expect(announcer).toHaveTextContent(/^Thinking…$/);
    stored.push(makeSegment(3, { question: "Third?", answer: "Once more." }));
    end(streams[1]!, 3);
    await waitFor(() => expect(announcer).toHaveTextContent(/^Atlas answered\.$/));
    expect(statusesOutsideTheLog()).toEqual([announcer]);
  });

  it("says that an answer was stopped", async () => {
    const stream = controlledStream();
    const stored = [makeSegment(1)];
    server.use(
      http.get(`${API}/userConversations/${CONVERSATION_ID}`, () => HttpResponse.json(makeConversation(stored))),
      http.post(`${API}/userConversations/${CONVERSATION_ID}/segments`, () => stream.response()),
      http.post(`${API}/userConversations/:conversationId/segments/:conversationSegmentId/stop`, () => {
        stored.push(makeSegment(2, { question: "Second?", answer: "Half", status: "Aborted" }));
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderChatPage({ conversationId: CONVERSATION_ID });
    await screen.findByText("Answer 1");
    await ask("Second?");
    await answer(stream, 2, ["Half"]);
    await userEvent.setup().click(screen.getByRole("button", { name: "Stop" }));
    await waitFor(() => expect(statusesOutsideTheLog()[0]).toHaveTextContent(/^Atlas stopped answering\.$/));
  });

  it("stops saying Thinking… when the question is refused before it is posted", async () => {
    server.use(
      http.get(`${API}/userConversations/${CONVERSATION_ID}`, () => HttpResponse.json(makeConversation([makeSegment(1)]))),
      http.post(`${API}/userConversations/${CONVERSATION_ID}/segments`, () =>
        HttpResponse.json(
          { title: "Too Many Requests", status: 429, detail: "The monthly token budget for you has been used up." },
          { status: 429 },
        ),
      ),
    );
    renderChatPage({ conversationId: CONVERSATION_ID });
    await screen.findByText("Answer 1");
    const [announcer] = statusesOutsideTheLog();
    await ask("Second?");
    expect(await screen.findByText("The monthly token budget for you has been used up.")).toBeInTheDocument();
    await waitFor(() => expect(announcer).toHaveTextContent(/^$/));
  });

  it("says why an answer failed, in the provider's words, as its mark shows them", async () => {
    const stream = controlledStream();
    server.use(
      http.get(`${API}/userConversations/${CONVERSATION_ID}`, () => HttpResponse.json(makeConversation([makeSegment(1)]))),
      http.post(`${API}/userConversations/${CONVERSATION_ID}/segments`, () => stream.response()),
    );
    renderChatPage({ conversationId: CONVERSATION_ID });
    await screen.findByText("Answer 1");
    await ask("Second?");
    await answer(stream, 2, ["Half"]);
    stream.send("error", "\n\nThe model server reported an error while answering: Overloaded");
    stream.send("response-model", {
      conversationSegmentId: segmentId(2),
      status: "Failed",
      citations: [],
      errorText: "The model server reported an error while answering: Overloaded",
    });
    stream.send("no-more-data", null);
    stream.close();
    await waitFor(() =>
      expect(statusesOutsideTheLog()[0]).toHaveTextContent(
        /^Atlas could not answer: The model server reported an error while answering: Overloaded$/,
      ),
    );
  });

  it("shows an old failed answer's error without an alert, and announces nothing on opening", async () => {
    server.use(
      http.get(`${API}/userConversations/${CONVERSATION_ID}`, () =>
        HttpResponse.json(
          makeConversation([makeSegment(1, { answer: "", status: "Failed", errorText: "The model is overloaded." })]),
        ),
      ),
    );
    renderChatPage({ conversationId: CONVERSATION_ID });
    const failed = await screen.findByTestId("answer");
    expect(failed).toHaveAttribute("data-status", "Failed");
    expect(within(failed).getByText("The model is overloaded.")).toBeInTheDocument();
    // An alert would be read out again whenever the virtualizer puts the row back into the page.
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(statusesOutsideTheLog().map((status) => status.textContent)).toEqual([""]);
  });
});
