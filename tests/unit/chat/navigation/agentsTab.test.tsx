import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { chatStore, initialChatState } from "../../../../src/chat/state/chatStore";
import { assistantAgent, userDetails } from "../../utils/fixtures";
import { API } from "../../utils/handlers";
import { renderApp, signInForTest } from "../../utils/renderApp";
import { server } from "../../utils/server";
import { CONVERSATION_ID, controlledStream, makeConversation, makeSegment, segmentId } from "../conversation/chatTestUtils";
import { agent, type GptSystemSummary, openNavigation } from "./navigationFixtures";

vi.setConfig({ testTimeout: 20_000 });

afterEach(() => chatStore.setState(initialChatState));

/** Serves Recent and Pinned from arrays, pinning and unpinning as the server does. */
function serveAgents(recent: GptSystemSummary[], { failPins = false } = {}) {
  const pinned = () => recent.filter((item) => item.isPinned);
  const setPinned = (id: string, isPinned: boolean) => {
    const found = recent.find((item) => item.gptSystemId === id);
    if (found) found.isPinned = isPinned;
  };
  server.use(
    http.get(`${API}/CurrentUser/recentGptSystems`, () => HttpResponse.json(recent)),
    http.get(`${API}/CurrentUser/pinnedGptSystems`, () => HttpResponse.json(pinned())),
    http.post(`${API}/CurrentUser/pinnedGptSystem/:gptSystemId`, ({ params }) => {
      if (failPins) return new HttpResponse(null, { status: 500 });
      setPinned(String(params.gptSystemId), true);
      return new HttpResponse(null, { status: 204 });
    }),
    http.delete(`${API}/CurrentUser/pinnedGptSystem/:gptSystemId`, ({ params }) => {
      if (failPins) return new HttpResponse(null, { status: 500 });
      setPinned(String(params.gptSystemId), false);
      return new HttpResponse(null, { status: 204 });
    }),
  );
}

async function openAgentsTab() {
  const navigation = await openNavigation();
  await userEvent.click(within(navigation).getByRole("tab", { name: "Agents" }));
  return navigation;
}

describe("Agents tab", () => {
  it("lists recent agents and pins one with 'Agent pinned'; it then shows under Pinned", async () => {
    serveAgents([agent("Research helper"), agent("Travel planner")]);
    signInForTest();
    renderApp("/chat");
    const navigation = await openAgentsTab();
    const recent = await within(navigation).findByRole("list", { name: "Recent agents" });
    const row = within(recent).getByRole("button", { name: "Research helper" }).parentElement!;
    const pin = within(row).getByRole("button", { name: "Pin Research helper" });
    expect(pin).toHaveAttribute("aria-pressed", "false");
    await userEvent.click(pin);
    expect(await screen.findByText("Agent pinned")).toBeInTheDocument();
    await waitFor(() =>
      expect(within(row).getByRole("button", { name: "Pin Research helper" })).toHaveAttribute("aria-pressed", "true"),
    );
    await userEvent.click(within(navigation).getByRole("tab", { name: "Pinned" }));
    const pinned = await within(navigation).findByRole("list", { name: "Pinned agents" });
    expect(within(pinned).getByRole("button", { name: "Research helper" })).toBeInTheDocument();
    expect(within(pinned).queryByRole("button", { name: "Travel planner" })).not.toBeInTheDocument();
  });

  it("shows the agent just chatted with under Recent once its answer has ended", async () => {
    const recent: GptSystemSummary[] = [];
    serveAgents(recent);
    const stream = controlledStream();
    server.use(
      http.post(`${API}/userConversations/byGptSystemId/:gptSystemId`, () => {
        // The server stores the question first: the agent counts as used from then on.
        recent.unshift({ ...assistantAgent });
        return stream.response();
      }),
      http.get(`${API}/userConversations/${CONVERSATION_ID}`, () =>
        HttpResponse.json(makeConversation([makeSegment(1, { question: "Hello", answer: "Hi!", status: "Complete" })])),
      ),
    );
    signInForTest();
    renderApp(`/chat/${assistantAgent.gptSystemId}`);
    const navigation = await openAgentsTab();
    expect(await within(navigation).findByText("Your most recently used agents will appear here")).toBeInTheDocument();
    await userEvent.type(screen.getByRole("textbox", { name: "Message" }), "Hello{Enter}");
    stream.send("conversation-and-segment-id", { conversationId: CONVERSATION_ID, conversationSegmentId: segmentId(1) });
    stream.send("response-updated", "Hi!");
    stream.send("response-model", { conversationSegmentId: segmentId(1), status: "Complete", citations: [], errorText: null });
    stream.send("no-more-data", null);
    stream.close();
    const list = await within(navigation).findByRole("list", { name: "Recent agents" });
    expect(within(list).getByRole("button", { name: assistantAgent.name })).toBeInTheDocument();
  });

  it("unpins from Recent with 'Agent unpinned'", async () => {
    serveAgents([agent("Research helper", { isPinned: true })]);
    signInForTest();
    renderApp("/chat");
    const navigation = await openAgentsTab();
    const recent = await within(navigation).findByRole("list", { name: "Recent agents" });
    await userEvent.click(within(recent).getByRole("button", { name: "Pin Research helper" }));
    expect(await screen.findByText("Agent unpinned")).toBeInTheDocument();
  });

  it("unpins from the Pinned list without a success toast", async () => {
    serveAgents([agent("Research helper", { isPinned: true })]);
    signInForTest();
    renderApp("/chat");
    const navigation = await openAgentsTab();
    await userEvent.click(within(navigation).getByRole("tab", { name: "Pinned" }));
    const pinned = await within(navigation).findByRole("list", { name: "Pinned agents" });
    await userEvent.click(within(pinned).getByRole("button", { name: "Pin Research helper" }));
    expect(await within(navigation).findByText("Pin an agent to display it here")).toBeInTheDocument();
    expect(screen.queryByText("Agent unpinned")).not.toBeInTheDocument();
  });

  it("keeps the keyboard's focus in the Pinned list as agents are unpinned from it, then on the emptied list", async () => {
    serveAgents([agent("Research helper", { isPinned: true }), agent("Travel planner", { isPinned: true })]);
    signInForTest();
    renderApp("/chat");
    const navigation = await openAgentsTab();
    await userEvent.click(await within(navigation).findByRole("tab", { name: "Pinned" }));
    const pinned = await within(navigation).findByRole("list", { name: "Pinned agents" });
    const user = userEvent.setup();
    within(pinned).getByRole("button", { name: "Pin Research helper" }).focus();
    await user.keyboard("{Enter}");
    // The pressed button stays usable while its request runs: the focus is not dropped on the way.
    await waitFor(() => expect(within(pinned).queryByRole("button", { name: "Research helper" })).not.toBeInTheDocument());
    await waitFor(() => expect(within(pinned).getByRole("button", { name: "Travel planner" })).toHaveFocus());

    await user.tab();
    expect(within(pinned).getByRole("button", { name: "Pin Travel planner" })).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(await within(navigation).findByText("Pin an agent to display it here")).toBeInTheDocument();
    await waitFor(() => expect(within(navigation).getByRole("tabpanel", { name: "Pinned" })).toHaveFocus());
  });

  it.each([
    [false, "Failed to pin agent"],
    [true, "Failed to unpin agent"],
  ])("says so when pinning fails (pinned: %s)", async (isPinned, message) => {
    serveAgents([agent("Research helper", { isPinned })], { failPins: true });
    signInForTest();
    renderApp("/chat");
    const navigation = await openAgentsTab();
    const recent = await within(navigation).findByRole("list", { name: "Recent agents" });
    await userEvent.click(within(recent).getByRole("button", { name: "Pin Research helper" }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    await waitFor(() =>
      expect(within(recent).getByRole("button", { name: "Pin Research helper" })).toHaveAttribute(
        "aria-pressed",
        String(isPinned),
      ),
    );
  });

  it("shows banned and blocked agents by their state, and they cannot be opened", async () => {
    server.use(
      http.get(`${API}/CurrentUser/details`, () =>
        HttpResponse.json({
          ...userDetails,
          personalAgentSettings: { isBannedFromCreatingAgents: true, isBannedFromSharingAgents: false },
        }),
      ),
    );
    serveAgents([
      agent("Offensive bot", { moderationStatus: "Banned" }),
      agent("My own helper", { gptSystemType: "User", ownership: { ownerIsCurrentUser: true } }),
      agent("Shared helper", { gptSystemType: "User", ownership: { ownerIsCurrentUser: false } }),
    ]);
    signInForTest();
    renderApp("/chat");
    const navigation = await openAgentsTab();
    const recent = await within(navigation).findByRole("list", { name: "Recent agents" });
    expect(await within(recent).findByText("Blocked Agent")).toBeInTheDocument();
    expect(within(recent).getByText("Banned Agent")).toBeInTheDocument();
    expect(within(recent).queryByText("Offensive bot")).not.toBeInTheDocument();
    expect(within(recent).getByText("Banned Agent").closest("button")).toBeDisabled();
    expect(within(recent).getByText("Blocked Agent").closest("button")).toBeDisabled();
    expect(within(recent).getByRole("button", { name: "Shared helper" })).toBeEnabled();
    expect(within(navigation).getByRole("button", { name: "Create a Personal Agent" })).toHaveAttribute(
      "aria-disabled",
      "true",
    );
  });

  it("shows the empty hints verbatim", async () => {
    signInForTest();
    renderApp("/chat");
    const navigation = await openAgentsTab();
    expect(await within(navigation).findByText("Your most recently used agents will appear here")).toBeInTheDocument();
    await userEvent.click(within(navigation).getByRole("tab", { name: "Pinned" }));
    expect(await within(navigation).findByText("Pin an agent to display it here")).toBeInTheDocument();
  });

  it("selecting an agent clears the conversation and opens /chat/{gptSystemId}", async () => {
    const helper = agent("Research helper");
    serveAgents([helper]);
    chatStore.setState({ currentConversationId: "00000000-0000-4000-8000-00000000ffff" });
    server.use(http.get(`${API}/userConversations/:conversationId`, () => new HttpResponse(null, { status: 404 })));
    signInForTest();
    const { router } = renderApp("/chat");
    const navigation = await openAgentsTab();
    const recent = await within(navigation).findByRole("list", { name: "Recent agents" });
    await userEvent.click(within(recent).getByRole("button", { name: "Research helper" }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/chat/${helper.gptSystemId}`));
    expect(chatStore.getState()).toMatchObject({ currentConversationId: null, currentGptSystemId: helper.gptSystemId });
  });
});
