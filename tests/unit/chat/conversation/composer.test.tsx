import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { chatActions } from "../../../../src/chat/state/chatStore";
import type { components } from "../../../../src/generated/api";
import { userDetails } from "../../utils/fixtures";
import { API } from "../../utils/handlers";
import { server } from "../../utils/server";
import {
  AGENT_ID,
  CONVERSATION_ID,
  controlledStream,
  makeConversation,
  makeSegment,
  renderChatPage,
  setUpChatPageTests,
} from "./chatTestUtils";

type UserPrompt = components["schemas"]["UserPrompt"];

/** The user's saved prompts on a fake server (newest first, as the server lists them); the calls it received. */
function serveUserPrompts(...titles: [title: string, prompt: string][]) {
  const promptId = (n: number) => `66666666-6666-4666-8666-${String(n).padStart(12, "0")}`;
  let created = titles.length;
  let prompts: UserPrompt[] = titles.map(([title, prompt], i) => ({
    promptId: promptId(i + 1),
    title,
    prompt,
    createdAt: "2025-12-01T10:00:00Z",
    updatedAt: "2025-12-01T10:00:00Z",
  }));
  const calls: string[] = [];
  server.use(
    http.get(`${API}/userPrompts`, () => HttpResponse.json(prompts)),
    http.post(`${API}/userPrompts`, async ({ request }) => {
      const input = (await request.json()) as { title: string; prompt: string };
      calls.push(`POST ${JSON.stringify(input)}`);
      const prompt = { ...input, promptId: promptId(++created), createdAt: "2025-12-02T10:00:00Z", updatedAt: "2025-12-02T10:00:00Z" };
      prompts = [prompt, ...prompts];
      return HttpResponse.json(prompt, { status: 201 });
    }),
    http.put(`${API}/userPrompts/prompt/:promptId`, async ({ request, params }) => {
      const input = (await request.json()) as { title: string; prompt: string };
      calls.push(`PUT ${String(params.promptId)} ${JSON.stringify(input)}`);
      prompts = prompts.map((p) => (p.promptId === params.promptId ? { ...p, ...input } : p));
      return HttpResponse.json(prompts.find((p) => p.promptId === params.promptId));
    }),
    http.delete(`${API}/userPrompts/prompt/:promptId`, ({ params }) => {
      calls.push(`DELETE ${String(params.promptId)}`);
      prompts = prompts.filter((p) => p.promptId !== params.promptId);
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return calls;
}

setUpChatPageTests();


const problem = (status: number, title: string, detail: string) => HttpResponse.json({ title, status, detail }, { status });

const planner = "00000000-0000-4000-8000-0000000000b2";

/** An agent as the agent lists give it (a System agent of someone else, unpinned, unless `fields` say otherwise). */
const summary = (gptSystemId: string, name: string, fields: object = {}) => ({
  gptSystemId,
  name,
  gptSystemType: "System",
  moderationStatus: null,
  ownership: { ownerIsCurrentUser: false },
  isPinned: false,
  ...fields,
});

/** The agent answers its details until a question is posted to `askUrl`, which finds it withdrawn (404), as do later reads. */
function serveAgentWithdrawnByTheQuestion(askUrl: string): void {
  let withdrawn = false;
  const details = { gptSystemId: AGENT_ID, name: "Atlas", introduction: "Ask me anything.", gptSystemType: "System" };
  server.use(
    http.get(`${API}/userConversations/gptSystems/:gptSystemId/detailsForConversation`, () =>
      withdrawn
        ? problem(404, "Not Found", "No such agent.")
        : HttpResponse.json({ ...details, capabilityTypes: [], supportsVision: false }),
    ),
    http.post(askUrl, () => {
      withdrawn = true;
      return problem(404, "Not Found", "No such agent.");
    }),
  );
}

/** Records the questions that start a conversation with the agent (`bodies`), answered by `stream`. */
function recordNewChatQuestions() {
  const stream = controlledStream();
  const bodies: unknown[] = [];
  server.use(
    http.post(`${API}/userConversations/byGptSystemId/${AGENT_ID}`, async ({ request }) => {
      bodies.push(await request.json());
      return stream.response();
    }),
  );
  return { stream, bodies };
}

/** Opens a new chat with the agent whose questions are recorded; returns the message box too. */
async function newChatRecordingQuestions() {
  const { stream, bodies } = recordNewChatQuestions();
  renderChatPage({ path: `/chat/${AGENT_ID}` });
  const input = await screen.findByRole("textbox", { name: "Message" });
  return { stream, bodies, input };
}

/** Shows the conversation of one answered question and asks `question` in it; returns the message box. */
async function askInShownConversation(question: string): Promise<HTMLElement> {
  renderChatPage({ conversationId: CONVERSATION_ID });
  expect(await screen.findByText("Answer 1")).toBeInTheDocument();
  const input = screen.getByRole("textbox", { name: "Message" });
  await userEvent.setup().type(input, `${question}{Enter}`);
  return input;
}

describe("composer", () => {
  afterEach(() => vi.restoreAllMocks());

  it("sends on Enter, adds a line on Shift+Enter, and is disabled while empty", async () => {
    const { stream, bodies, input } = await newChatRecordingQuestions();
    const user = userEvent.setup();
    expect(screen.getByRole("button", { name: "Send" })).toBeDisabled();
    await user.type(input, "   ");
    expect(screen.getByRole("button", { name: "Send" })).toBeDisabled();
    await user.clear(input);
    await user.type(input, "line one{Shift>}{Enter}{/Shift}line two");
    expect(input).toHaveValue("line one\nline two");
    expect(bodies).toEqual([]);
    await user.keyboard("{Enter}");
    await waitFor(() => expect(bodies).toEqual([{ question: "line one\nline two" }]));
    expect(input).toHaveValue("");
    expect(screen.getByRole("button", { name: "Stop" })).toBeInTheDocument();
    stream.close();
  });

  it("adds a line on Enter on a phone, whose keyboard has no Shift+Enter, and sends with the Send button", async () => {
    vi.spyOn(navigator, "userAgent", "get").mockReturnValue(
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148",
    );
    const { stream, bodies, input } = await newChatRecordingQuestions();
    const user = userEvent.setup();
    await user.type(input, "line one{Enter}line two");
    expect(input).toHaveValue("line one\nline two");
    expect(bodies).toEqual([]);
    await user.click(screen.getByRole("button", { name: "Send" }));
    await waitFor(() => expect(bodies).toEqual([{ question: "line one\nline two" }]));
    stream.close();
  });

  it("gives the keyboard's focus to the message box when Stop, reached with Tab, turns back into Send", async () => {
    const stream = controlledStream();
    server.use(http.post(`${API}/userConversations/byGptSystemId/${AGENT_ID}`, () => stream.response()));
    renderChatPage({ path: `/chat/${AGENT_ID}` });
    const user = userEvent.setup();
    const input = await screen.findByRole("textbox", { name: "Message" });
    await user.type(input, "Plan a trip{Enter}");
    await user.tab();
    expect(await screen.findByRole("button", { name: "Stop" })).toHaveFocus();
    await user.keyboard("{Enter}");
    await waitFor(() => expect(input).toHaveFocus());
    expect(screen.getByRole("button", { name: "Send" })).toBeInTheDocument();
  });

  it("gives the focus to the message box after a mouse's click on Stop, and leaves it after a finger's", async () => {
    const streams = [controlledStream(), controlledStream()];
    let asked = 0;
    server.use(http.post(`${API}/userConversations/byGptSystemId/${AGENT_ID}`, () => streams[asked++]!.response()));
    renderChatPage({ path: `/chat/${AGENT_ID}` });
    const user = userEvent.setup();
    const input = await screen.findByRole("textbox", { name: "Message" });
    await user.type(input, "Plan a trip{Enter}");
    await user.click(await screen.findByRole("button", { name: "Stop" }));
    await waitFor(() => expect(input).toHaveFocus());

    await user.type(input, "And another{Enter}");
    const stop = await screen.findByRole("button", { name: "Stop" });
    // A tap: a touch pointer's press and release on Stop.
    await user.pointer([{ keys: "[TouchA]", target: stop }, { keys: "[/TouchA]", target: stop }]);
    await waitFor(() => expect(screen.getByRole("button", { name: "Send" })).toBeInTheDocument());
    expect(input).not.toHaveFocus();
  });

  it("says an agent the user cannot use is not available, offers the directory, and sends nothing to it", async () => {
    const unknownAgent = "99999999-9999-4999-8999-999999999999";
    server.use(
      http.get(`${API}/userConversations/gptSystems/${unknownAgent}/detailsForConversation`, () =>
        HttpResponse.json({ title: "No such agent.", status: 404 }, { status: 404 }),
      ),
    );
    renderChatPage({ path: `/chat/${unknownAgent}` });
    expect(await screen.findByRole("heading", { name: "This agent is not available" })).toBeInTheDocument();
    expect(
      screen.getByText("It does not exist, or you do not have access to it. Choose one of your agents instead."),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "View all Agents" })).toHaveAttribute("href", "/chat/agents");
    expect(screen.getByRole("textbox", { name: "Message" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Send" })).toBeDisabled();
  });

  it("says why an agent the user sees may not be asked (banned, blocked), and sends nothing to it", async () => {
    server.use(
      http.get(`${API}/userConversations/gptSystems/${AGENT_ID}/detailsForConversation`, () =>
        HttpResponse.json(
          { title: "Forbidden", status: 403, detail: "This agent has been banned by a moderator." },
          { status: 403, headers: { "content-type": "application/problem+json" } },
        ),
      ),
    );
    renderChatPage({ path: `/chat/${AGENT_ID}` });
    expect(await screen.findByRole("heading", { name: "This agent is not available" })).toBeInTheDocument();
    expect(screen.getByText("This agent has been banned by a moderator.")).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Message" })).toBeDisabled();
  });

  it("keeps a conversation whose agent is gone readable, and says in place of sending why it cannot go on", async () => {
    server.use(
      http.get(`${API}/userConversations/${CONVERSATION_ID}`, () => HttpResponse.json(makeConversation([makeSegment(1)]))),
      http.get(`${API}/userConversations/gptSystems/:gptSystemId/detailsForConversation`, () =>
        HttpResponse.json({ title: "Not Found", status: 404, detail: "No such agent." }, { status: 404 }),
      ),
    );
    renderChatPage({ conversationId: CONVERSATION_ID });
    expect(await screen.findByText("Answer 1")).toBeInTheDocument();
    const note = await screen.findByRole("note");
    expect(note).toHaveTextContent(
      "This conversation's agent is not available any more, so it cannot answer here. Start a new chat with one of your agents.",
    );
    expect(screen.getByRole("textbox", { name: "Message" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Send" })).toBeDisabled();
    // Read only: nothing offers to ask it again.
    expect(screen.queryByRole("button", { name: "Regenerate" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Edit question" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Copy answer" })).toBeInTheDocument();
  });

  it("shows why a conversation cannot go on once a question is refused because its agent went away meanwhile", async () => {
    server.use(
      http.get(`${API}/userConversations/${CONVERSATION_ID}`, () => HttpResponse.json(makeConversation([makeSegment(1)]))),
    );
    serveAgentWithdrawnByTheQuestion(`${API}/userConversations/${CONVERSATION_ID}/segments`);
    const input = await askInShownConversation("Still there?");

    expect(await screen.findByRole("note")).toHaveTextContent(
      "This conversation's agent is not available any more, so it cannot answer here.",
    );
    expect(input).toBeDisabled();
    expect(input).toHaveValue("Still there?");
    expect(screen.queryByRole("button", { name: "Regenerate" })).not.toBeInTheDocument();
  });

  it("replaces a new chat's greeting with why it cannot start once a question is refused because the agent went away", async () => {
    serveAgentWithdrawnByTheQuestion(`${API}/userConversations/byGptSystemId/:gptSystemId`);
    renderChatPage({ path: `/chat/${AGENT_ID}` });
    expect(await screen.findByText("Ask me anything.")).toBeInTheDocument();
    await userEvent.setup().type(screen.getByRole("textbox", { name: "Message" }), "Hello?{Enter}");

    expect(await screen.findByRole("heading", { name: "This agent is not available" })).toBeInTheDocument();
    expect(screen.queryByText("Ask me anything.")).not.toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Message" })).toBeDisabled();
  });

  it("says a conversation deleted in another tab is gone once a question in it is refused, and takes the question to a new chat", async () => {
    let deleted = false;
    server.use(
      http.get(`${API}/userConversations/${CONVERSATION_ID}`, () =>
        deleted ? problem(404, "Not Found", "No such conversation.") : HttpResponse.json(makeConversation([makeSegment(1)])),
      ),
      http.post(`${API}/userConversations/${CONVERSATION_ID}/segments`, () => {
        deleted = true;
        return problem(404, "Not Found", "No such conversation.");
      }),
    );
    const input = await askInShownConversation("Anyone?");

    expect(await screen.findByRole("note")).toHaveTextContent(
      "This conversation is not available: it may have been deleted. Start a new chat to go on.",
    );
    expect(input).toBeDisabled();
    expect(screen.getByRole("button", { name: "Send" })).toBeDisabled();
    // The toast says it in the same words, not the server's "No such conversation.".
    expect(screen.getByRole("alert")).toHaveTextContent(
      "This conversation is not available: it may have been deleted. Start a new chat to go on.",
    );
    expect(screen.queryByText("No such conversation.")).not.toBeInTheDocument();

    // The question goes with the user to the new chat, where it can be sent.
    act(() => chatActions.setCurrentConversation(null));
    await waitFor(() => expect(input).toBeEnabled());
    expect(input).toHaveValue("Anyone?");
    expect(screen.queryByRole("note")).not.toBeInTheDocument();
  });

  it("says the session has ended, not the server's words, when the question is refused for a token no longer valid", async () => {
    server.use(
      http.get(`${API}/userConversations/${CONVERSATION_ID}`, () => HttpResponse.json(makeConversation([makeSegment(1)]))),
      http.post(`${API}/userConversations/${CONVERSATION_ID}/segments`, () =>
        problem(401, "Unauthorized", "A valid product token is required."),
      ),
      // The page tries once to get a new token (spec §4), which is refused too.
      http.post(`${API}/authorization/:identityProvider/GenerateToken`, () =>
        HttpResponse.json({ title: "Unauthorized", status: 401 }, { status: 401 }),
      ),
    );
    await askInShownConversation("Still signed in?");
    expect(await screen.findByText("Your session has ended. Sign in again to send your question.")).toBeInTheDocument();
    expect(screen.queryByText("A valid product token is required.")).not.toBeInTheDocument();
  });

  it("says the user's role does not allow it, not the server's action names, when a question is refused for a missing permission", async () => {
    const detail = "This operation requires one of these actions: GptSystemsRead.";
    const forbidden = () =>
      HttpResponse.json({ title: "Forbidden", status: 403, detail, requiredActions: ["GptSystemsRead"] }, { status: 403 });
    let roleCut = false;
    server.use(
      http.get(`${API}/userConversations/${CONVERSATION_ID}`, () => HttpResponse.json(makeConversation([makeSegment(1)]))),
      http.post(`${API}/userConversations/${CONVERSATION_ID}/segments`, () => {
        roleCut = true;
        return forbidden();
      }),
      // The agent read again after the refusal is refused too.
      http.get(`${API}/userConversations/gptSystems/:gptSystemId/detailsForConversation`, () =>
        roleCut ? forbidden() : HttpResponse.json({ gptSystemId: AGENT_ID, name: "Atlas", introduction: "", gptSystemType: "System", capabilityTypes: [], supportsVision: false }),
      ),
    );
    const input = await askInShownConversation("May I?");
    const notPermitted = "Your role does not allow this any more. Ask an administrator for access.";
    expect(await screen.findByRole("note")).toHaveTextContent(notPermitted);
    expect(screen.getAllByText(notPermitted)).toHaveLength(2); // the toast and the note
    expect(screen.queryByText(detail)).not.toBeInTheDocument();
    expect(input).toHaveValue("May I?");
  });

  it("opens /chat with the agent the user chatted with last, not the first of the list", async () => {
    const asked: string[] = [];
    server.use(
      http.get(`${API}/CurrentUser/AvailableGptSystems`, () =>
        HttpResponse.json([summary(AGENT_ID, "Atlas"), summary(planner, "Trip Planner")]),
      ),
      // Gone since: the newest use the user may still chat with counts.
      http.get(`${API}/CurrentUser/recentGptSystems`, () =>
        HttpResponse.json([summary("00000000-0000-4000-8000-0000000000b3", "Retired"), summary(planner, "Trip Planner")]),
      ),
      http.get(`${API}/userConversations/gptSystems/:id/detailsForConversation`, ({ params }) => {
        asked.push(String(params.id));
        return HttpResponse.json({ gptSystemId: planner, name: "Trip Planner", gptSystemType: "System", capabilityTypes: [], supportsVision: false });
      }),
    );
    renderChatPage();
    expect(await screen.findByRole("heading", { name: "Trip Planner" })).toBeInTheDocument();
    expect(asked).toEqual([planner]);
  });

  it("opens /chat with an agent that can answer, not a banned one nor the user's own blocked one", async () => {
    const own = "00000000-0000-4000-8000-0000000000b4";
    const asked: string[] = [];
    server.use(
      http.get(`${API}/CurrentUser/details`, () =>
        HttpResponse.json({
          ...userDetails,
          personalAgentSettings: { isBannedFromCreatingAgents: true, isBannedFromSharingAgents: false },
        }),
      ),
      http.get(`${API}/CurrentUser/AvailableGptSystems`, () =>
        HttpResponse.json([
          summary(AGENT_ID, "Atlas", { moderationStatus: "Banned" }),
          summary(own, "My helper", { gptSystemType: "User", ownership: { ownerIsCurrentUser: true } }),
          summary(planner, "Trip Planner"),
        ]),
      ),
      http.get(`${API}/CurrentUser/recentGptSystems`, () =>
        HttpResponse.json([summary(own, "My helper", { gptSystemType: "User", ownership: { ownerIsCurrentUser: true } })]),
      ),
      http.get(`${API}/userConversations/gptSystems/:id/detailsForConversation`, ({ params }) => {
        asked.push(String(params.id));
        return HttpResponse.json({ gptSystemId: planner, name: "Trip Planner", gptSystemType: "System", capabilityTypes: [], supportsVision: false });
      }),
    );
    renderChatPage();
    expect(await screen.findByRole("heading", { name: "Trip Planner" })).toBeInTheDocument();
    expect(asked.at(-1)).toBe(planner);
    expect(asked).not.toContain(AGENT_ID);
  });

  it("tells a user who may not read agents that they have none, instead of loading for ever", async () => {
    server.use(
      http.get(`${API}/CurrentUser/AvailableGptSystems`, () =>
        HttpResponse.json(
          { title: "Forbidden", status: 403, detail: "This operation requires one of these actions: GptSystemsRead." },
          { status: 403, headers: { "content-type": "application/problem+json" } },
        ),
      ),
    );
    renderChatPage();
    expect(await screen.findByText("You currently don't have access to any agents")).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Message" })).toBeDisabled();
  });

  it("offers to load an agent again when its details could not be loaded, and keeps the message box", async () => {
    let reads = 0;
    server.use(
      http.get(`${API}/userConversations/gptSystems/${AGENT_ID}/detailsForConversation`, () =>
        ++reads === 1
          ? HttpResponse.error()
          : HttpResponse.json({
              gptSystemId: AGENT_ID,
              name: "Trip Planner",
              gptSystemType: "System",
              capabilityTypes: [],
              supportsVision: false,
            }),
      ),
    );
    renderChatPage({ path: `/chat/${AGENT_ID}` });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("heading", { name: "Trip Planner" })).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Message" })).toBeEnabled();
  });

  it("keeps a draft with its conversation: another conversation or a new chat has its own", async () => {
    const other = "00000000-0000-4000-8000-00000000abcd";
    server.use(
      http.get(`${API}/userConversations/:conversationId`, () => HttpResponse.json(makeConversation([makeSegment(1)]))),
    );
    renderChatPage({ conversationId: CONVERSATION_ID });
    const user = userEvent.setup();
    await screen.findByText("Answer 1");
    const input = screen.getByRole("textbox", { name: "Message" });
    await user.type(input, "A follow-up for the first");
    act(() => chatActions.setCurrentConversation(other));
    expect(input).toHaveValue("");
    await user.type(input, "One for the other");
    act(() => chatActions.setCurrentConversation(null));
    expect(input).toHaveValue("");
    act(() => chatActions.setCurrentConversation(CONVERSATION_ID));
    expect(input).toHaveValue("A follow-up for the first");
    act(() => chatActions.setCurrentConversation(other));
    expect(input).toHaveValue("One for the other");
  });

  it("keeps what is typed while a new chat's first answer streams, as the chat becomes a conversation", async () => {
    const stream = controlledStream();
    server.use(
      http.post(`${API}/userConversations/byGptSystemId/${AGENT_ID}`, () => stream.response()),
      http.get(`${API}/userConversations/${CONVERSATION_ID}`, () =>
        HttpResponse.json(makeConversation([makeSegment(1, { question: "Plan a trip", answer: "", status: "Streaming" })])),
      ),
    );
    renderChatPage({ path: `/chat/${AGENT_ID}` });
    const user = userEvent.setup();
    const input = await screen.findByRole("textbox", { name: "Message" });
    await user.type(input, "Plan a trip{Enter}");
    await user.type(input, "And then");
    stream.send("conversation-and-segment-id", { conversationId: CONVERSATION_ID, conversationSegmentId: "seg-1" });
    await waitFor(() => expect(screen.getByTestId("answer")).toBeInTheDocument());
    expect(input).toHaveValue("And then");
    stream.close();
  });

  it("asks a suggested prompt of the agent's introduction", async () => {
    const { stream, bodies } = recordNewChatQuestions();
    renderChatPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: /Plan a trip/ }));
    await waitFor(() => expect(bodies).toEqual([{ question: "Plan a weekend in Lisbon" }]));
    stream.close();
  });
});

describe("user prompts", () => {
  it("says which field of a new prompt is missing or too long, and saves nothing until it is mended", async () => {
    const calls = serveUserPrompts();
    renderChatPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "User prompts" }));
    await user.click(await screen.findByRole("button", { name: "New prompt" }));
    const dialog = await screen.findByRole("dialog", { name: "New prompt" });
    const title = within(dialog).getByRole("textbox", { name: "Title" });
    const prompt = within(dialog).getByRole("textbox", { name: "Prompt" });
    // Nothing is said before Save is pressed.
    expect(within(dialog).queryByText("Title is required")).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(within(dialog).getByText("Title is required")).toBeInTheDocument();
    expect(within(dialog).getByText("Prompt is required")).toBeInTheDocument();
    expect(title).toHaveFocus();
    expect(title).toHaveAccessibleDescription("Title is required");

    await user.type(title, "x".repeat(101));
    expect(within(dialog).getByText("Title exceeds the maximum limit of 100 characters")).toBeInTheDocument();
    await user.type(prompt, "   ");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(title).toHaveFocus();
    await user.clear(title);
    await user.type(title, "Short");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(prompt).toHaveFocus();
    expect(calls).toEqual([]);
    await user.type(prompt, "Say it shortly.");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(calls).toEqual([`POST {"title":"Short","prompt":"Say it shortly."}`]));
  });

  it("saves a new prompt without sending what is typed in the composer", async () => {
    const asked: string[] = [];
    const prompts: UserPrompt[] = [];
    server.use(
      http.get(`${API}/userPrompts`, () => HttpResponse.json(prompts)),
      http.post(`${API}/userPrompts`, async ({ request }) => {
        const input = (await request.json()) as { title: string; prompt: string };
        const created = {
          promptId: "66666666-6666-4666-8666-000000000003",
          ...input,
          createdAt: "2025-12-01T10:00:00Z",
          updatedAt: "2025-12-01T10:00:00Z",
        };
        prompts.push(created);
        return HttpResponse.json(created);
      }),
      http.post(`${API}/userConversations/byGptSystemId/:gptSystemId`, () => {
        asked.push("question");
        return HttpResponse.json({ title: "Not expected", status: 500 }, { status: 500 });
      }),
    );
    renderChatPage({ path: `/chat/${AGENT_ID}` });
    const user = userEvent.setup();
    const message = await screen.findByRole("textbox", { name: "Message" });
    await user.type(message, "Half a question");
    expect(message).toHaveValue("Half a question");
    await user.click(screen.getByRole("button", { name: "User prompts" }));
    await user.click(await screen.findByRole("button", { name: "New prompt" }));
    const dialog = await screen.findByRole("dialog");
    await user.type(within(dialog).getByRole("textbox", { name: "Title" }), "Translate");
    await user.type(within(dialog).getByRole("textbox", { name: "Prompt" }), "Translate to French");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    // The dialog's form sits in the composer's form in React's tree: its submit must not send the question.
    expect(await screen.findByText("Translate")).toBeInTheDocument();
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.getByRole("textbox", { name: "Message" })).toHaveValue("Half a question"));
    expect(asked).toEqual([]);
  });

  it("lists, creates, picks, edits and deletes saved prompts", async () => {
    const calls = serveUserPrompts(["Summarise", "Summarise in 3 bullets"]);
    renderChatPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "User prompts" }));
    const list = await screen.findByRole("list", { name: "Your prompts" });
    expect(within(list).getByText("Summarise")).toBeInTheDocument();
    // The dialog its button announces, and controls.
    const popup = screen.getByRole("dialog", { name: "Your prompts" });
    expect(popup).toContainElement(list);
    expect(screen.getByRole("button", { name: "User prompts", hidden: true })).toHaveAttribute("aria-controls", popup.id);

    // Create.
    await user.click(screen.getByRole("button", { name: "New prompt" }));
    const dialog = await screen.findByRole("dialog");
    await user.type(within(dialog).getByRole("textbox", { name: "Title" }), "Translate");
    await user.type(within(dialog).getByRole("textbox", { name: "Prompt" }), "Translate to French");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Translate")).toBeInTheDocument();

    // Edit.
    await user.click(screen.getByRole("button", { name: "Edit Summarise" }));
    const editDialog = await screen.findByRole("dialog");
    const title = within(editDialog).getByRole("textbox", { name: "Title" });
    await user.clear(title);
    await user.type(title, "Summary");
    await user.click(within(editDialog).getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Summary")).toBeInTheDocument();

    // Delete: the row says so in its place, with Undo, which takes the keyboard's focus.
    await user.click(screen.getByRole("button", { name: "Delete Translate" }));
    expect(await within(list).findByText("“Translate” deleted")).toBeInTheDocument();
    expect(within(list).queryByText("Translate")).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole("button", { name: "Undo deleting Translate" })).toHaveFocus());

    // Pick: the prompt goes into the input; picked again, before what is typed there, which stays.
    await user.click(screen.getByText("Summary"));
    const message = screen.getByRole("textbox", { name: "Message" });
    expect(message).toHaveValue("Summarise in 3 bullets");
    await user.clear(message);
    await user.type(message, "The text I typed");
    await user.click(screen.getByRole("button", { name: "User prompts" }));
    await user.click(await screen.findByText("Summary"));
    expect(message).toHaveValue("Summarise in 3 bullets\n\nThe text I typed");

    expect(calls).toEqual([
      'POST {"title":"Translate","prompt":"Translate to French"}',
      'PUT 66666666-6666-4666-8666-000000000001 {"title":"Summary","prompt":"Summarise in 3 bullets"}',
      "DELETE 66666666-6666-4666-8666-000000000002",
    ]);
  });

  it("undoes a deletion from the row it left: the prompt is saved again as it was, and focused", async () => {
    const calls = serveUserPrompts(["Summarise", "Summarise this"], ["Translate", "Translate this"]);
    renderChatPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "User prompts" }));
    const list = await screen.findByRole("list", { name: "Your prompts" });
    await within(list).findByText("Summarise");

    await user.click(within(list).getByRole("button", { name: "Delete Summarise" }));
    const undo = await within(list).findByRole("button", { name: "Undo deleting Summarise" });
    // In its place: first, above Translate.
    expect(within(list).getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      "“Summarise” deleted" + "Undo",
      "TranslateTranslate this",
    ]);
    await waitFor(() => expect(undo).toHaveFocus());

    // A frame may come before the list fetched again is drawn (as in a busy browser): the focus still
    // goes to the restored prompt once it is there.
    vi.spyOn(window, "requestAnimationFrame").mockImplementation((frame) => {
      frame(performance.now());
      return 0;
    });
    await user.keyboard("{Enter}");
    const restored = await within(list).findByRole("button", { name: /^Summarise/ });
    await waitFor(() => expect(restored).toHaveFocus());
    expect(within(list).queryByText("“Summarise” deleted")).not.toBeInTheDocument();
    expect(calls).toEqual([
      "DELETE 66666666-6666-4666-8666-000000000001",
      'POST {"title":"Summarise","prompt":"Summarise this"}',
    ]);
  });
});
