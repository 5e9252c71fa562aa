import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { chatStore, initialChatState } from "../../../../src/chat/state/chatStore";
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

let restoreViewport: () => void;
beforeEach(() => {
  restoreViewport = stubViewportHeight();
});
afterEach(() => {
  restoreViewport();
  chatStore.setState(initialChatState);
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
});
