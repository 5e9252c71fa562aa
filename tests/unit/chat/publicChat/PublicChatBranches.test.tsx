/** Branches in the public chat: a visitor switches versions, edits a question and regenerates an answer. */
import { configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { components } from "../../../../src/generated/api";
import { chatStore, initialChatState } from "../../../../src/chat/state/chatStore";
import {
  AGENT_ID,
  CONVERSATION_ID,
  controlledStream,
  makeConversation,
  makeSegment,
  segmentId,
} from "../conversation/chatTestUtils";
import { API } from "../../utils/handlers";
import { renderApp } from "../../utils/renderApp";
import { server } from "../../utils/server";

configure({ asyncUtilTimeout: 10_000 });

type Conversation = components["schemas"]["Conversation"];
const ENDPOINT = "help-desk";
const SESSION = `${AGENT_ID}.branch-random-part.branch-signature`;
const details = {
  gptSystemId: AGENT_ID,
  name: "Atlas",
  description: "",
  gptSystemType: "System",
  introduction: "",
  capabilityTypes: [],
  supportsVision: false,
  deploymentName: "local",
  languageEngine: "local",
};

// Two versions of the second question: the original (2) and an edit (3), the edit shown.
const first = makeSegment(1, { siblingIds: [segmentId(1)] });
const original = makeSegment(2, { siblingIds: [segmentId(2), segmentId(3)] });
const edited = makeSegment(3, {
  parentSegmentId: segmentId(1),
  question: "Question 2, edited",
  answer: "Answer 3",
  siblingIds: [segmentId(2), segmentId(3)],
});

let shown: Conversation;
let sessionHeaders: (string | null)[];

beforeEach(() => {
  vi.setConfig({ testTimeout: 20_000 });
  chatStore.setState(initialChatState);
  window.localStorage.setItem(`publicChatSession:${ENDPOINT}`, SESSION);
  shown = makeConversation([first, edited]);
  sessionHeaders = [];
  server.use(
    http.get(`${API}/publicConversations/gptSystemDetailsForConversation/${SESSION}`, () => HttpResponse.json(details)),
    http.get(`${API}/publicConversations/promptsForConversation/${SESSION}`, () => HttpResponse.json([])),
    http.get(`${API}/publicConversations`, () => HttpResponse.json([])),
    http.get(`${API}/publicConversations/${CONVERSATION_ID}`, ({ request }) => {
      sessionHeaders.push(request.headers.get("x-session-identifier"));
      return HttpResponse.json(shown);
    }),
  );
});
afterEach(() => {
  chatStore.setState(initialChatState);
  window.localStorage.clear();
});

const turns = () => screen.findAllByTestId("public-chat-turn");

describe("branches in the public chat", () => {
  it("switches to another version of a question, stored with the visitor's session", async () => {
    const selected: unknown[] = [];
    server.use(
      http.put(`${API}/publicConversations/${CONVERSATION_ID}/updateSelectedLeafSegmentId`, async ({ request }) => {
        sessionHeaders.push(request.headers.get("x-session-identifier"));
        selected.push(await request.json());
        shown = makeConversation([first, original]);
        return HttpResponse.json(shown);
      }),
    );
    renderApp(`/public-chat/${ENDPOINT}?c=${CONVERSATION_ID}`);
    expect(await screen.findByText("Answer 3")).toBeTruthy();
    const [turn1, turn2] = await turns();
    // A question with one version has no switcher.
    expect(within(turn1!).queryByRole("group", { name: "Versions of this message" })).toBeNull();
    const versions = within(turn2!).getByRole("group", { name: "Versions of this message" });
    expect(within(versions).getByText("2/2")).toBeTruthy();
    expect((within(versions).getByRole("button", { name: "Next version" }) as HTMLButtonElement).disabled).toBe(true);

    await userEvent.setup().click(within(versions).getByRole("button", { name: "Previous version" }));
    expect(await screen.findByText("Answer 2")).toBeTruthy();
    expect(screen.queryByText("Answer 3")).toBeNull();
    expect(selected).toEqual([{ conversationSegmentId: segmentId(2) }]);
    expect(within(screen.getByRole("group", { name: "Versions of this message" })).getByText("1/2")).toBeTruthy();
    expect(new Set(sessionHeaders)).toEqual(new Set([SESSION]));
  });

  it("edits a question: the new version replaces the path below its parent while it streams", async () => {
    const stream = controlledStream();
    const asked: unknown[] = [];
    server.use(
      http.post(`${API}/publicConversations/${CONVERSATION_ID}/segments`, async ({ request }) => {
        expect(request.headers.get("x-session-identifier")).toBe(SESSION);
        asked.push(await request.json());
        return stream.response();
      }),
    );
    renderApp(`/public-chat/${ENDPOINT}?c=${CONVERSATION_ID}`);
    expect(await screen.findByText("Answer 3")).toBeTruthy();
    const user = userEvent.setup();
    const turn2 = (await turns())[1]!;
    await user.click(within(turn2).getByRole("button", { name: "Edit question" }));
    const editor = screen.getByRole("textbox", { name: "Edit question" });
    await user.clear(editor);
    await user.type(editor, "Question 2, once more{Enter}");
    expect(asked).toEqual([{ question: "Question 2, once more", parentSegmentId: segmentId(1) }]);

    stream.send("conversation-and-segment-id", {
      conversationId: CONVERSATION_ID,
      conversationSegmentId: segmentId(4),
    });
    stream.send("response-updated", "Answer 4");
    expect(await screen.findByText("Answer 4")).toBeTruthy();
    // The edited version's earlier answer is not shown under the new question.
    expect(screen.queryByText("Answer 3")).toBeNull();
    expect(await turns()).toHaveLength(2);
    // Nothing else may be asked again while the answer streams.
    expect(screen.queryByRole("button", { name: "Edit question" })).toBeNull();

    const again = makeSegment(4, {
      parentSegmentId: segmentId(1),
      question: "Question 2, once more",
      answer: "Answer 4",
      siblingIds: [segmentId(2), segmentId(3), segmentId(4)],
    });
    shown = makeConversation([first, again]);
    stream.send("response-model", {
      conversationSegmentId: segmentId(4),
      status: "Complete",
      citations: [],
      errorText: null,
    });
    stream.send("no-more-data", null);
    stream.close();
    const versions = await screen.findByRole("group", { name: "Versions of this message" });
    expect(within(versions).getByText("3/3")).toBeTruthy();
    expect(await turns()).toHaveLength(2);
  });

  it("regenerates a first answer under no parent, with the same question", async () => {
    const stream = controlledStream();
    const asked: unknown[] = [];
    server.use(
      http.post(`${API}/publicConversations/${CONVERSATION_ID}/segments`, async ({ request }) => {
        asked.push(await request.json());
        return stream.response();
      }),
    );
    renderApp(`/public-chat/${ENDPOINT}?c=${CONVERSATION_ID}`);
    expect(await screen.findByText("Answer 3")).toBeTruthy();
    const turn1 = (await turns())[0]!;
    await userEvent.setup().click(within(turn1).getByRole("button", { name: "Regenerate" }));
    expect(asked).toEqual([{ question: "Question 1", parentSegmentId: null }]);
    stream.send("conversation-and-segment-id", {
      conversationId: CONVERSATION_ID,
      conversationSegmentId: segmentId(5),
    });
    stream.send("response-updated", "Answer 1, again");
    expect(await screen.findByText("Answer 1, again")).toBeTruthy();
    await waitFor(async () => expect(await turns()).toHaveLength(1));
    expect(screen.queryByText("Answer 1")).toBeNull();
    stream.close();
  });
});
