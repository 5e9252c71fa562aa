import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { API } from "../../utils/handlers";
import { server } from "../../utils/server";
import { CONVERSATION_ID, makeConversation, makeSegment, renderChatPage, setUpChatPageTests } from "./chatTestUtils";

setUpChatPageTests();

function serveConversation() {
  server.use(
    http.get(`${API}/userConversations/${CONVERSATION_ID}`, () =>
      HttpResponse.json(makeConversation([makeSegment(1), makeSegment(2), makeSegment(3)])),
    ),
  );
}

describe("the keys that scroll a conversation", () => {
  it("reach the messages after a click on their text: the list takes the focus, not the page around it", async () => {
    serveConversation();
    renderChatPage({ conversationId: CONVERSATION_ID });
    const user = userEvent.setup();
    await user.click(await screen.findByText("Answer 2"));
    expect(screen.getByRole("log", { name: "Conversation" })).toHaveFocus();
  });

  it("go to the first message with Home at once, keeping the focus in the list when a control there had it", async () => {
    serveConversation();
    renderChatPage({ conversationId: CONVERSATION_ID });
    const user = userEvent.setup();
    await screen.findByText("Answer 3");
    const list = screen.getByRole("log", { name: "Conversation" });
    within(list).getAllByRole("button", { name: "Copy answer" }).at(-1)!.focus();
    list.scrollTop = 5000;
    await user.keyboard("{Home}");
    expect(list.scrollTop).toBe(0);
    expect(list).toHaveFocus();
  });

  it("leave Home and End to a question being edited", async () => {
    serveConversation();
    renderChatPage({ conversationId: CONVERSATION_ID });
    const user = userEvent.setup();
    await screen.findByText("Answer 3");
    const list = screen.getByRole("log", { name: "Conversation" });
    await user.click(within(list).getAllByRole("button", { name: "Edit question" })[1]!);
    const editor = screen.getByRole("textbox", { name: "Edit question" });
    list.scrollTop = 5000;
    await user.keyboard("{Home}");
    expect(list.scrollTop).toBe(5000);
    expect(editor).toHaveFocus();
  });
});
