import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { authStore } from "../../../../src/app/auth/authStore";
import { API } from "../../utils/handlers";
import { server } from "../../utils/server";
import {
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

const rowOf = (question: string) => screen.getByText(question).closest("[data-index]") as HTMLElement;

/** A first question with two versions, the first shown; choosing the other (a PUT) shows it. */
function serveTwoBranches() {
  const sibling = segmentId(9);
  const puts: unknown[] = [];
  let showing = 1;
  server.use(
    http.get(`${API}/userConversations/${CONVERSATION_ID}`, () =>
      HttpResponse.json(
        makeConversation([
          showing === 1
            ? makeSegment(1, { siblingIds: [segmentId(1), sibling] })
            : makeSegment(9, {
                parentSegmentId: null,
                question: "Question 1 (edited)",
                answer: "Other branch",
                siblingIds: [segmentId(1), sibling],
              }),
        ]),
      ),
    ),
    http.put(`${API}/userConversations/${CONVERSATION_ID}/updateSelectedLeafSegmentId`, async ({ request }) => {
      puts.push(await request.json());
      showing = 9;
      return HttpResponse.json(
        makeConversation([
          makeSegment(9, { parentSegmentId: null, answer: "Other branch", siblingIds: [segmentId(1), sibling] }),
        ]),
      );
    }),
  );
  return { sibling, puts };
}

describe("answer actions", () => {
  it("heads each message with who said it, for a screen reader", async () => {
    server.use(
      http.get(`${API}/userConversations/${CONVERSATION_ID}`, () =>
        HttpResponse.json(makeConversation([makeSegment(1), makeSegment(2)])),
      ),
    );
    renderChatPage({ conversationId: CONVERSATION_ID });
    await screen.findByText("Answer 2");
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Streaming design");
    const name = makeSegment(1).answeredWithGptSystem?.name ?? "Assistant";
    expect(screen.getAllByRole("heading", { level: 2 }).map((heading) => heading.textContent)).toEqual([
      "You said:",
      `${name} said:`,
      "You said:",
      `${name} said:`,
    ]);
  });

  it("says why a complete answer stops where it does, as a note, not as a failure", async () => {
    const notice = "The answer stops here: it reached the longest answer this agent allows.";
    server.use(
      http.get(`${API}/userConversations/${CONVERSATION_ID}`, () =>
        HttpResponse.json(makeConversation([makeSegment(1, { answer: "Truncated", errorText: notice })])),
      ),
    );
    renderChatPage({ conversationId: CONVERSATION_ID });
    expect(await screen.findByRole("note")).toHaveTextContent(notice);
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getByText("Truncated").closest("[data-testid='answer']")).toHaveAttribute("data-status", "Complete");
  });

  it("offers no Copy answer nor rating on an answer stopped before its first word, and keeps Regenerate and Details", async () => {
    server.use(
      http.get(`${API}/userConversations/${CONVERSATION_ID}`, () =>
        HttpResponse.json(makeConversation([makeSegment(1), makeSegment(2, { answer: "", status: "Aborted" })])),
      ),
    );
    renderChatPage({ conversationId: CONVERSATION_ID });
    expect(await screen.findByText("Answer 1")).toBeInTheDocument();
    const stopped = rowOf("Question 2");
    expect(within(stopped).getByText("Stopped")).toBeInTheDocument();
    expect(within(stopped).queryByRole("button", { name: "Copy answer" })).toBeNull();
    expect(within(stopped).queryByRole("button", { name: "Good answer" })).toBeNull();
    expect(within(stopped).queryByRole("button", { name: "Bad answer" })).toBeNull();
    expect(within(stopped).getByRole("button", { name: "Regenerate" })).toBeInTheDocument();
    expect(within(stopped).getByRole("button", { name: "Details" })).toBeInTheDocument();
    expect(within(rowOf("Question 1")).getByRole("button", { name: "Copy answer" })).toBeInTheDocument();
  });

  it("toggles feedback: up posts Positive, up again removes it", async () => {
    const requests: string[] = [];
    server.use(
      http.get(`${API}/userConversations/${CONVERSATION_ID}`, () =>
        HttpResponse.json(makeConversation([makeSegment(1)])),
      ),
      http.post(`${API}/userConversations/:c/segments/:s/feedback`, async ({ request, params }) => {
        requests.push(`POST ${params.s} ${JSON.stringify(await request.json())}`);
        return HttpResponse.json(makeSegment(1, { feedback: "Positive" }));
      }),
      http.delete(`${API}/userConversations/:c/segments/:s/feedback`, ({ params }) => {
        requests.push(`DELETE ${params.s}`);
        return HttpResponse.json(makeSegment(1, { feedback: null }));
      }),
    );
    renderChatPage({ conversationId: CONVERSATION_ID });
    const user = userEvent.setup();
    const up = await screen.findByRole("button", { name: "Good answer" });
    expect(up).toHaveAttribute("aria-pressed", "false");
    await user.click(up);
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Good answer" })).toHaveAttribute("aria-pressed", "true"),
    );
    await user.click(screen.getByRole("button", { name: "Good answer" }));
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Good answer" })).toHaveAttribute("aria-pressed", "false"),
    );
    expect(requests).toEqual([`POST ${segmentId(1)} {"feedback":"Positive"}`, `DELETE ${segmentId(1)}`]);
  });

  it("keeps the keyboard's focus on a feedback button while its rating is sent, and sends one rating per press", async () => {
    const requests: string[] = [];
    let answer: () => void = () => undefined;
    server.use(
      http.get(`${API}/userConversations/${CONVERSATION_ID}`, () =>
        HttpResponse.json(makeConversation([makeSegment(1)])),
      ),
      http.post(`${API}/userConversations/:c/segments/:s/feedback`, async ({ request }) => {
        requests.push(`POST ${JSON.stringify(await request.json())}`);
        await new Promise<void>((resolve) => (answer = resolve));
        return HttpResponse.json(makeSegment(1, { feedback: "Positive" }));
      }),
    );
    renderChatPage({ conversationId: CONVERSATION_ID });
    const user = userEvent.setup();
    const up = await screen.findByRole("button", { name: "Good answer" });
    up.focus();
    await user.keyboard("{Enter}");
    await waitFor(() => expect(requests).toEqual([`POST {"feedback":"Positive"}`]));
    // A browser moves the focus off a button that becomes disabled (jsdom does not).
    expect(screen.getByRole("button", { name: "Good answer" })).toBeEnabled();
    expect(screen.getByRole("button", { name: "Good answer" })).toHaveFocus();
    await user.keyboard("{Enter}");
    answer();
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Good answer" })).toHaveAttribute("aria-pressed", "true"),
    );
    expect(screen.getByRole("button", { name: "Good answer" })).toHaveFocus();
    expect(requests).toHaveLength(1);
  });

  it("navigates branches with updateSelectedLeafSegmentId and refetches", async () => {
    const { sibling, puts } = serveTwoBranches();
    renderChatPage({ conversationId: CONVERSATION_ID });
    const user = userEvent.setup();
    const group = await screen.findByRole("group", { name: "Versions of this message" });
    expect(group).toHaveTextContent("1/2");
    // Heard as words: "1/2" would be read as a date or a fraction.
    expect(within(group).getByText("1/2")).toHaveAttribute("aria-hidden", "true");
    expect(within(group).getByText("Version 1 of 2")).toBeInTheDocument();
    expect(within(group).getByRole("button", { name: "Previous version" })).toBeDisabled();
    await user.click(within(group).getByRole("button", { name: "Next version" }));
    expect(await screen.findByText("Other branch")).toBeInTheDocument();
    expect(puts).toEqual([{ conversationSegmentId: sibling }]);
    expect(screen.getByRole("group", { name: "Versions of this message" })).toHaveTextContent("2/2");
  });

  it("keeps the focus in the version switcher when switching with the keyboard", async () => {
    const { sibling, puts } = serveTwoBranches();
    renderChatPage({ conversationId: CONVERSATION_ID });
    const user = userEvent.setup();
    const group = await screen.findByRole("group", { name: "Versions of this message" });
    expect(group).toHaveTextContent("1/2");
    // Heard as words: "1/2" would be read as a date or a fraction.
    expect(within(group).getByText("1/2")).toHaveAttribute("aria-hidden", "true");
    expect(within(group).getByText("Version 1 of 2")).toBeInTheDocument();
    within(group).getByRole("button", { name: "Next version" }).focus();
    await user.keyboard("{Enter}");
    expect(await screen.findByText("Other branch")).toBeInTheDocument();
    expect(puts).toEqual([{ conversationSegmentId: sibling }]);
    // The other branch's switcher has it; "Next" is disabled at its end, so "Previous" does.
    const shown = screen.getByRole("group", { name: "Versions of this message" });
    expect(shown).toHaveTextContent("2/2");
    await waitFor(() => expect(within(shown).getByRole("button", { name: "Previous version" })).toHaveFocus());
  });

  it("keeps the focus in the version switcher after a switch with the mouse, not on the page", async () => {
    serveTwoBranches();
    renderChatPage({ conversationId: CONVERSATION_ID });
    const user = userEvent.setup();
    const group = await screen.findByRole("group", { name: "Versions of this message" });
    await user.click(within(group).getByRole("button", { name: "Next version" }));
    expect(await screen.findByText("Other branch")).toBeInTheDocument();
    const shown = screen.getByRole("group", { name: "Versions of this message" });
    await waitFor(() => expect(within(shown).getByRole("button", { name: "Previous version" })).toHaveFocus());
  });

  it("edits a question: the new question is posted under the edited segment's parent", async () => {
    const stream = controlledStream();
    const bodies: unknown[] = [];
    server.use(
      http.get(`${API}/userConversations/${CONVERSATION_ID}`, () =>
        HttpResponse.json(makeConversation([makeSegment(1), makeSegment(2)])),
      ),
      http.post(`${API}/userConversations/${CONVERSATION_ID}/segments`, async ({ request }) => {
        bodies.push(await request.json());
        return stream.response();
      }),
    );
    renderChatPage({ conversationId: CONVERSATION_ID });
    const user = userEvent.setup();
    await screen.findByText("Answer 2");
    await user.click(within(rowOf("Question 2")).getByRole("button", { name: "Edit question" }));
    const editor = screen.getByRole("textbox", { name: "Edit question" });
    await user.clear(editor);
    await user.type(editor, "Question 2, better{Enter}");
    await waitFor(() => expect(bodies).toEqual([{ question: "Question 2, better", parentSegmentId: segmentId(1) }]));
    // The branch replaces the old path below the parent while it streams.
    expect(await screen.findByText("Question 2, better")).toBeInTheDocument();
    expect(screen.queryByText("Answer 2")).not.toBeInTheDocument();
    stream.close();
  });

  it("refuses an edited question longer than the server takes, saying so as the composer does", async () => {
    server.use(
      http.get(`${API}/userConversations/${CONVERSATION_ID}`, () =>
        HttpResponse.json(makeConversation([makeSegment(1)])),
      ),
    );
    renderChatPage({ conversationId: CONVERSATION_ID });
    const user = userEvent.setup();
    await screen.findByText("Answer 1");
    await user.click(within(rowOf("Question 1")).getByRole("button", { name: "Edit question" }));
    const editor = screen.getByRole("textbox", { name: "Edit question" });
    const form = within(editor.closest("form")!);
    // In the page from the start, empty: a live region put into the page with its text is not read by every screen reader.
    const status = form.getByRole("status");
    expect(status).toHaveTextContent(/^$/);
    await user.clear(editor);
    await user.click(editor);
    await user.paste("x".repeat(32_001));
    expect(form.getByRole("status")).toBe(status);
    expect(status).toHaveTextContent(
      "This message is too long to send: 32,001 characters, at most 32,000. Please shorten it.",
    );
    expect(form.getByRole("button", { name: "Send" })).toBeDisabled();
    await user.keyboard("{Backspace}");
    expect(form.getByRole("status")).toBe(status);
    expect(status).toHaveTextContent(/^$/);
    expect(form.getByRole("button", { name: "Send" })).toBeEnabled();
  });

  it("brings an edited question that could not be sent back to its editor, not to the message box", async () => {
    server.use(
      http.get(`${API}/userConversations/${CONVERSATION_ID}`, () =>
        HttpResponse.json(makeConversation([makeSegment(1), makeSegment(2)])),
      ),
      http.post(`${API}/userConversations/${CONVERSATION_ID}/segments`, () =>
        HttpResponse.json(
          { title: "Bad Request", status: 400, detail: "The request is not valid." },
          { status: 400, headers: { "content-type": "application/problem+json" } },
        ),
      ),
    );
    renderChatPage({ conversationId: CONVERSATION_ID });
    const user = userEvent.setup();
    await screen.findByText("Answer 2");
    await user.click(within(rowOf("Question 2")).getByRole("button", { name: "Edit question" }));
    await user.type(screen.getByRole("textbox", { name: "Edit question" }), " and more{Enter}");
    expect(await screen.findByRole("textbox", { name: "Edit question" })).toHaveValue("Question 2 and more");
    expect(screen.getByRole("textbox", { name: "Message" })).toHaveValue("");
  });

  it("asks a follow-up under the answer this page shows, whatever another tab selected since", async () => {
    const stream = controlledStream();
    const bodies: unknown[] = [];
    server.use(
      http.get(`${API}/userConversations/${CONVERSATION_ID}`, () =>
        HttpResponse.json(makeConversation([makeSegment(1), makeSegment(2)])),
      ),
      http.post(`${API}/userConversations/${CONVERSATION_ID}/segments`, async ({ request }) => {
        bodies.push(await request.json());
        return stream.response();
      }),
    );
    renderChatPage({ conversationId: CONVERSATION_ID });
    const user = userEvent.setup();
    await screen.findByText("Answer 2");
    await user.type(screen.getByRole("textbox", { name: "Message" }), "Question 3{Enter}");
    await waitFor(() => expect(bodies).toEqual([{ question: "Question 3", parentSegmentId: segmentId(2) }]));
    stream.close();
  });

  it("opens the question's editor with the caret at its end, and gives the focus back to Edit question when cancelled", async () => {
    server.use(
      http.get(`${API}/userConversations/${CONVERSATION_ID}`, () =>
        HttpResponse.json(makeConversation([makeSegment(1), makeSegment(2)])),
      ),
    );
    renderChatPage({ conversationId: CONVERSATION_ID });
    const user = userEvent.setup();
    await screen.findByText("Answer 2");
    await user.click(within(rowOf("Question 2")).getByRole("button", { name: "Edit question" }));
    const editor = screen.getByRole("textbox", { name: "Edit question" });
    expect(editor).toHaveFocus();
    // The caret waits at the end: what is typed adds to the question.
    await user.keyboard(" again");
    expect(editor).toHaveValue("Question 2 again");
    // An input method's Escape drops the word it composes, not the edit.
    fireEvent.keyDown(editor, { key: "Escape", keyCode: 229, isComposing: true });
    expect(editor).toBeInTheDocument();
    await user.keyboard("{Escape}");
    expect(within(rowOf("Question 2")).getByRole("button", { name: "Edit question" })).toHaveFocus();
  });

  it("regenerates a first answer with parentSegmentId null and the same question", async () => {
    const stream = controlledStream();
    const bodies: unknown[] = [];
    server.use(
      http.get(`${API}/userConversations/${CONVERSATION_ID}`, () =>
        HttpResponse.json(makeConversation([makeSegment(1)])),
      ),
      http.post(`${API}/userConversations/${CONVERSATION_ID}/segments`, async ({ request }) => {
        bodies.push(await request.json());
        return stream.response();
      }),
    );
    renderChatPage({ conversationId: CONVERSATION_ID });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Regenerate" }));
    await waitFor(() => expect(bodies).toEqual([{ question: "Question 1", parentSegmentId: null }]));
    stream.close();
  });

  it("moves a keyboard user's focus to the composer when Regenerate replaces its row", async () => {
    const stream = serveConversationStreamingNext();
    renderChatPage({ conversationId: CONVERSATION_ID });
    const user = userEvent.setup();
    (await screen.findByRole("button", { name: "Regenerate" })).focus();
    await user.keyboard("{Enter}");
    await waitFor(() => expect(screen.getByRole("textbox", { name: "Message" })).toHaveFocus());
    stream.close();
  });

  it("moves the focus to the composer after a mouse's click on Regenerate, not after a finger's", async () => {
    const stream = serveConversationStreamingNext();
    renderChatPage({ conversationId: CONVERSATION_ID });
    const user = userEvent.setup();
    const regenerate = await screen.findByRole("button", { name: "Regenerate" });
    await user.pointer([{ keys: "[TouchA]", target: regenerate }, { keys: "[/TouchA]", target: regenerate }]);
    await screen.findByRole("button", { name: "Stop" });
    expect(screen.getByRole("textbox", { name: "Message" })).not.toHaveFocus();
    stream.close();
  });

  it("moves a mouse user's focus to the composer when Regenerate replaces its row", async () => {
    const stream = serveConversationStreamingNext();
    renderChatPage({ conversationId: CONVERSATION_ID });
    await userEvent.setup().click(await screen.findByRole("button", { name: "Regenerate" }));
    await waitFor(() => expect(screen.getByRole("textbox", { name: "Message" })).toHaveFocus());
    stream.close();
  });

  it("opens the execution details of an answer", async () => {
    serveExecutionDetails();
    renderChatPage({ conversationId: CONVERSATION_ID });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Details" }));
    const panel = await screen.findByRole("complementary", { name: "Execution details" });
    expect(await within(panel).findByText("gpt-4o")).toBeInTheDocument();
    // The engine by its connection's name, not its id.
    expect(within(panel).getByText("Company OpenAI")).toBeInTheDocument();
    expect(within(panel).queryByText("5b0f3c52-8f0e-4a57-9d0c-0f6f1c2d3e4a")).toBeNull();
    expect(within(panel).getByText("420 ms")).toBeInTheDocument();
    expect(within(panel).getByText("3.15 s")).toBeInTheDocument();
    expect(within(panel).getByText("Searching the guide")).toBeInTheDocument();
    expect(authStore.getState().displaySettings.showChatExecutionDetailsDrawer).toBe(true);
    await user.click(within(panel).getByRole("button", { name: "Close execution details" }));
    expect(authStore.getState().displaySettings.showChatExecutionDetailsDrawer).toBe(false);
  });

  it("shows the regenerated answer's execution details once it is stored, not those of the answer picked before", async () => {
    serveExecutionDetails();
    const stream = controlledStream();
    let regenerated = false;
    server.use(
      http.get(`${API}/userConversations/${CONVERSATION_ID}`, () =>
        HttpResponse.json(
          makeConversation([
            regenerated ? makeSegment(2, { question: "Question 1", answer: "Again" }) : makeSegment(1),
          ]),
        ),
      ),
      http.post(`${API}/userConversations/${CONVERSATION_ID}/segments`, () => stream.response()),
      http.get(`${API}/userConversations/:c/segments/:s/executionDetails`, ({ params }) =>
        HttpResponse.json({
          conversationSegmentId: params.s,
          status: "Complete",
          deploymentName: params.s === segmentId(2) ? "model-of-the-second" : "model-of-the-first",
          steps: [],
        }),
      ),
    );
    renderChatPage({ conversationId: CONVERSATION_ID });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Details" }));
    const panel = await screen.findByRole("complementary", { name: "Execution details" });
    expect(await within(panel).findByText("model-of-the-first")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Regenerate" }));
    regenerated = true;
    stream.send("conversation-and-segment-id", {
      conversationId: CONVERSATION_ID,
      conversationSegmentId: segmentId(2),
    });
    stream.send("response-updated", "Again");
    stream.send("response-model", {
      conversationSegmentId: segmentId(2),
      status: "Complete",
      citations: [],
      errorText: null,
    });
    stream.send("no-more-data", null);
    stream.close();
    expect(await within(panel).findByText("model-of-the-second")).toBeInTheDocument();
    expect(within(panel).queryByText("model-of-the-first")).toBeNull();
  });

  it("keeps showing the answer picked with Details when another answer's version is chosen, and follows its own", async () => {
    const sibling = segmentId(9);
    let showing = 2;
    const conversation = () =>
      makeConversation([
        makeSegment(1),
        showing === 2
          ? makeSegment(2, { siblingIds: [segmentId(2), sibling] })
          : makeSegment(9, {
              parentSegmentId: segmentId(1),
              answer: "Other version",
              siblingIds: [segmentId(2), sibling],
            }),
      ]);
    server.use(
      http.get(`${API}/userConversations/${CONVERSATION_ID}`, () => HttpResponse.json(conversation())),
      http.put(`${API}/userConversations/${CONVERSATION_ID}/updateSelectedLeafSegmentId`, async ({ request }) => {
        const { conversationSegmentId } = (await request.json()) as { conversationSegmentId: string };
        showing = conversationSegmentId === sibling ? 9 : 2;
        return HttpResponse.json(conversation());
      }),
      http.get(`${API}/userConversations/:c/segments/:s/executionDetails`, ({ params }) =>
        HttpResponse.json({
          conversationSegmentId: params.s,
          status: "Complete",
          deploymentName: `model-of-${String(params.s).slice(-2)}`,
          steps: [],
        }),
      ),
      http.get(`${API}/userConversations/:c/segments/:s/traceLogs`, () => HttpResponse.json({ traceLogs: [] })),
    );
    renderChatPage({ conversationId: CONVERSATION_ID });
    const user = userEvent.setup();
    await screen.findByText("Answer 2");
    await user.click(within(rowOf("Question 1")).getByRole("button", { name: "Details" }));
    const panel = await screen.findByRole("complementary", { name: "Execution details" });
    const first = `model-of-${segmentId(1).slice(-2)}`;
    expect(await within(panel).findByText(first)).toBeInTheDocument();
    await user.click(
      within(screen.getByRole("group", { name: "Versions of this message" })).getByRole("button", {
        name: "Next version",
      }),
    );
    expect(await screen.findByText("Other version")).toBeInTheDocument();
    expect(within(panel).getByText(first)).toBeInTheDocument();

    // The picked answer's own version switched: the drawer shows the version now in its place.
    await user.click(within(rowOf("Question 9")).getByRole("button", { name: "Details" }));
    expect(await within(panel).findByText(`model-of-${segmentId(9).slice(-2)}`)).toBeInTheDocument();
    await user.click(
      within(screen.getByRole("group", { name: "Versions of this message" })).getByRole("button", {
        name: "Previous version",
      }),
    );
    expect(await screen.findByText("Answer 2")).toBeInTheDocument();
    expect(await within(panel).findByText(`model-of-${segmentId(2).slice(-2)}`)).toBeInTheDocument();
    expect(within(panel).queryByText(`model-of-${segmentId(9).slice(-2)}`)).toBeNull();
  });

  it("shows the figures of an answer while it streams, not the previous answer's, and its final ones once stopped", async () => {
    const stream = serveConversationStreamingNext();
    let stopped = false;
    server.use(
      http.get(`${API}/userConversations/:c/segments/:s/executionDetails`, ({ params }) =>
        HttpResponse.json({
          conversationSegmentId: params.s,
          status: params.s !== segmentId(2) ? "Complete" : stopped ? "Aborted" : "Streaming",
          deploymentName:
            params.s !== segmentId(2) ? "model-of-the-first" : stopped ? "model-after-stop" : "model-of-the-second",
          steps: [],
        }),
      ),
      http.post(`${API}/userConversations/:c/segments/:s/stop`, () => {
        stopped = true;
        return new HttpResponse(null, { status: 204 });
      }),
      http.get(`${API}/userConversations/:c/segments/:s/traceLogs`, () => HttpResponse.json({ traceLogs: [] })),
    );
    renderChatPage({ conversationId: CONVERSATION_ID });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Details" }));
    const panel = await screen.findByRole("complementary", { name: "Execution details" });
    expect(await within(panel).findByText("model-of-the-first")).toBeInTheDocument();

    await user.type(screen.getByRole("textbox", { name: "Message" }), "Second?{Enter}");
    stream.send("conversation-and-segment-id", { conversationId: CONVERSATION_ID, conversationSegmentId: segmentId(2) });
    stream.send("response-updated", "Still");
    expect(await within(panel).findByText("model-of-the-second")).toBeInTheDocument();
    expect(within(panel).queryByText("model-of-the-first")).toBeNull();

    await user.click(screen.getByRole("button", { name: "Stop" }));
    expect(await within(panel).findByText("model-after-stop")).toBeInTheDocument();
  });

  it("takes a keyboard user into the execution details, closes them on Escape and returns to Details", async () => {
    serveExecutionDetails();
    renderChatPage({ conversationId: CONVERSATION_ID });
    const user = userEvent.setup();
    const details = await screen.findByRole("button", { name: "Details" });
    // Reached with Tab from the action before it, as a keyboard user does (the focus is then visible).
    (await screen.findByRole("button", { name: "Regenerate" })).focus();
    await user.tab();
    expect(details).toHaveFocus();
    await user.keyboard("{Enter}");
    const panel = await screen.findByRole("complementary", { name: "Execution details" });
    await waitFor(() => expect(within(panel).getByRole("button", { name: "Close execution details" })).toHaveFocus());
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("complementary", { name: "Execution details" })).toBeNull());
    expect(authStore.getState().displaySettings.showChatExecutionDetailsDrawer).toBe(false);
    await waitFor(() => expect(details).toHaveFocus());
  });
});

function serveExecutionDetails() {
  server.use(
    http.get(`${API}/userConversations/${CONVERSATION_ID}`, () =>
      HttpResponse.json(makeConversation([makeSegment(1)])),
    ),
    http.get(`${API}/userConversations/:c/segments/:s/executionDetails`, ({ params }) =>
      HttpResponse.json({
        conversationSegmentId: params.s,
        status: "Complete",
        languageEngine: "5b0f3c52-8f0e-4a57-9d0c-0f6f1c2d3e4a",
        languageEngineName: "Company OpenAI",
        deploymentName: "gpt-4o",
        inputTokens: 1200,
        outputTokens: 345,
        timeToFirstTokenMs: 420,
        durationMs: 3150,
        steps: ["Searching the guide", "Generating the answer"],
      }),
    ),
    http.get(`${API}/userConversations/:c/segments/:s/traceLogs`, () => HttpResponse.json({ traceLogs: [] })),
  );
}
