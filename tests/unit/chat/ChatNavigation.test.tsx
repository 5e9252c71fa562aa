import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { authStore } from "../../../src/app/auth/authStore";
import { userDetails } from "../utils/fixtures";
import { makeConversation, makeSegment } from "./conversation/chatTestUtils";
import {
  conversation,
  daysAgo,
  historyList,
  openNavigation,
  serveConversationLists,
  stubViewportHeight,
} from "./navigation/navigationFixtures";
import { API, featuresHandler } from "../utils/handlers";
import { setViewportWidth } from "../utils/matchMedia";
import { renderApp, signInForTest } from "../utils/renderApp";
import { server } from "../utils/server";

vi.setConfig({ testTimeout: 20_000 });

// The open panel, the Agents tab and the account popover load on demand: compile them once up
// front, so that the tests' waits measure the app rather than the test runner.
beforeAll(() =>
  Promise.all([
    import("../../../src/chat/navigation/NavPanel"),
    import("../../../src/chat/navigation/AgentsTab"),
    import("../../../src/app/layout/AccountPopover"),
  ]),
);

/** The chat at phone width (its navigation a drawer) with one conversation in History, which opens. */
function phoneChatWithBudgetReview() {
  setViewportWidth(390);
  const restoreHeight = stubViewportHeight();
  serveBudgetReview();
  signInForTest();
  return { ...renderApp("/chat"), restoreHeight };
}

const drawerClosed = () =>
  waitFor(() => expect(screen.queryByRole("navigation", { name: "Chat navigation" })).not.toBeInTheDocument());

/** One conversation in History, which opens. */
function serveBudgetReview() {
  const listed = conversation("Budget review", daysAgo(0));
  serveConversationLists([listed]);
  server.use(
    http.get(`${API}/userConversations/${listed.conversationId}`, () =>
      HttpResponse.json({
        ...makeConversation([makeSegment(1)]),
        conversationId: listed.conversationId,
        title: listed.title,
      }),
    ),
  );
}

describe("chat side navigation", () => {
  it("starts mini (80 px) on desktop and opens to 280 px", async () => {
    signInForTest();
    renderApp("/chat");
    const navigation = await screen.findByRole("navigation", { name: "Chat navigation" });
    expect(navigation).toHaveStyle({ width: "80px" });
    expect(within(navigation).getByRole("button", { name: "New Chat" })).toBeInTheDocument();
    await userEvent.click(within(navigation).getByRole("button", { name: "Expand navigation" }));
    expect(navigation).toHaveStyle({ width: "280px" });
    await userEvent.click(await within(navigation).findByRole("button", { name: "Collapse navigation" }));
    expect(navigation).toHaveStyle({ width: "80px" });
  });

  it("keeps the keyboard's focus in the navigation when it expands and collapses", async () => {
    signInForTest();
    renderApp("/chat");
    const navigation = await screen.findByRole("navigation", { name: "Chat navigation" });
    const user = userEvent.setup();
    within(navigation).getByRole("button", { name: "Chats" }).focus();
    await user.keyboard("{Enter}");
    await waitFor(() => expect(within(navigation).getByRole("tab", { name: "Chats" })).toHaveFocus());
    within(navigation).getByRole("button", { name: "Collapse navigation" }).focus();
    await user.keyboard("{Enter}");
    await waitFor(() => expect(within(navigation).getByRole("button", { name: "Expand navigation" })).toHaveFocus());
    within(navigation).getByRole("button", { name: "Agents" }).focus();
    await user.keyboard("{Enter}");
    await waitFor(() => expect(within(navigation).getByRole("tab", { name: "Agents" })).toHaveFocus());
  });

  it("shows the Chats tab with its empty lists, verbatim", async () => {
    signInForTest();
    renderApp("/chat");
    const navigation = await openNavigation();
    expect(within(navigation).getByRole("tab", { name: "Chats" })).toHaveAttribute("aria-selected", "true");
    expect(within(navigation).getByRole("button", { name: "New Chat" })).toBeInTheDocument();
    expect(within(navigation).getByRole("searchbox", { name: "Search titles" })).toBeInTheDocument();
    expect(
      within(navigation).getByText("You don’t have any chats. Start a new conversation to see it here."),
    ).toBeInTheDocument();
    await userEvent.click(within(navigation).getByRole("tab", { name: "Archived" }));
    expect(
      within(navigation).getByText(
        "You haven’t archived any chats. Archived chats will appear here for future reference.",
      ),
    ).toBeInTheDocument();
  });

  it("shows the Agents tab with its links and empty hints", async () => {
    signInForTest();
    const { router } = renderApp("/chat");
    const navigation = await openNavigation();
    await userEvent.click(within(navigation).getByRole("tab", { name: "Agents" }));
    // The Agents tab loads on demand.
    expect(await within(navigation).findByText("Your most recently used agents will appear here")).toBeInTheDocument();
    await userEvent.click(within(navigation).getByRole("tab", { name: "Pinned" }));
    expect(within(navigation).getByText("Pin an agent to display it here")).toBeInTheDocument();
    expect(await within(navigation).findByRole("button", { name: "Create a Personal Agent" })).toBeInTheDocument();
    await userEvent.click(within(navigation).getByRole("link", { name: "View all Agents" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/chat/agents"));
  });

  it("hides 'Create a Personal Agent' when personal agents are off", async () => {
    server.use(featuresHandler({ AllowUserCreatedGptSystems: false, ShowFooter: true }));
    signInForTest();
    renderApp("/chat");
    const navigation = await openNavigation();
    await userEvent.click(within(navigation).getByRole("tab", { name: "Agents" }));
    await within(navigation).findByRole("link", { name: "View all Agents" });
    expect(within(navigation).queryByRole("button", { name: "Create a Personal Agent" })).not.toBeInTheDocument();
  });

  it("is a drawer below lg, opened from the header", async () => {
    setViewportWidth(390);
    signInForTest();
    renderApp("/chat");
    expect(screen.queryByRole("navigation", { name: "Chat navigation" })).not.toBeInTheDocument();
    await userEvent.click(await screen.findByRole("button", { name: "Open navigation" }));
    const navigation = await screen.findByRole("navigation", { name: "Chat navigation" });
    expect(within(navigation).getByRole("tab", { name: "Chats" })).toBeInTheDocument();
  });

  it("takes a keyboard's choice in the drawer on to the message box, not back to 'Open navigation'", async () => {
    const { router, restoreHeight } = phoneChatWithBudgetReview();
    try {
      const user = userEvent.setup();
      const message = await screen.findByRole("textbox", { name: "Message" });
      const opener = screen.getByRole("button", { name: "Open navigation" });

      // A conversation chosen with Enter.
      opener.focus();
      await user.keyboard("{Enter}");
      const navigation = await screen.findByRole("navigation", { name: "Chat navigation" });
      const row = await within(await historyList(navigation)).findByRole("button", { name: "Budget review" });
      row.focus();
      await user.keyboard("{Enter}");
      await waitFor(() => expect(router.state.location.search).toMatch(/^\?c=/));
      await drawerClosed();
      await waitFor(() => expect(screen.getByRole("textbox", { name: "Message" })).toHaveFocus());

      // New Chat with Enter.
      opener.focus();
      await user.keyboard("{Enter}");
      const again = await screen.findByRole("navigation", { name: "Chat navigation" });
      within(again).getByRole("button", { name: "New Chat" }).focus();
      await user.keyboard("{Enter}");
      await drawerClosed();
      await waitFor(() => expect(screen.getByRole("textbox", { name: "Message" })).toHaveFocus());

      // Closed with Escape, the drawer gives the focus back to the button that opened it.
      opener.focus();
      await user.keyboard("{Enter}");
      await screen.findByRole("navigation", { name: "Chat navigation" });
      await user.keyboard("{Escape}");
      await drawerClosed();
      await waitFor(() => expect(opener).toHaveFocus());
      expect(message).not.toHaveFocus();
    } finally {
      restoreHeight();
    }
  });

  it("leaves a tapped choice's focus off the message box: on a phone it would open the on-screen keyboard", async () => {
    const { router, restoreHeight } = phoneChatWithBudgetReview();
    try {
      const user = userEvent.setup();
      await user.click(await screen.findByRole("button", { name: "Open navigation" }));
      const navigation = await screen.findByRole("navigation", { name: "Chat navigation" });
      await user.click(await within(await historyList(navigation)).findByRole("button", { name: "Budget review" }));
      await waitFor(() => expect(router.state.location.search).toMatch(/^\?c=/));
      await drawerClosed();
      expect(screen.getByRole("textbox", { name: "Message" })).not.toHaveFocus();
    } finally {
      restoreHeight();
    }
  });

  it("clears the drawer's title search on Escape before Escape closes the drawer", async () => {
    setViewportWidth(390);
    signInForTest();
    renderApp("/chat");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Open navigation" }));
    const navigation = await screen.findByRole("navigation", { name: "Chat navigation" });
    const search = within(navigation).getByRole("searchbox", { name: "Search titles" });
    await user.type(search, "budget");
    // An input method's Escape drops the word it composes; the box keeps its text.
    fireEvent.keyDown(search, { key: "Escape", keyCode: 229, isComposing: true });
    expect(search).toHaveValue("budget");
    await user.keyboard("{Escape}");
    expect(search).toHaveValue("");
    expect(screen.getByRole("navigation", { name: "Chat navigation" })).toBeInTheDocument();
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("navigation", { name: "Chat navigation" })).not.toBeInTheDocument());
  });
});

describe("account popover", () => {
  it("offers Chat and Management to users with more than GptSystemsRead", async () => {
    signInForTest();
    const { router } = renderApp("/chat");
    await userEvent.click(await screen.findByRole("button", { name: "Ada Lovelace" }));
    const popover = await screen.findByRole("dialog", { name: "Ada Lovelace" });
    expect(within(popover).getByRole("button", { name: "Chat" })).toHaveAttribute("aria-pressed", "true");
    for (const item of ["Settings", "About", "Release notes", "Logout"]) {
      expect(within(popover).getByRole("menuitem", { name: item })).toBeInTheDocument();
    }
    expect(within(popover).getByRole("menuitem", { name: "Release notes" })).toHaveAttribute(
      "href",
      "https://example.com/release-notes",
    );
    await userEvent.click(await within(popover).findByRole("button", { name: "Management" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/admin"));
  });

  it("shows only Chat to users who hold nothing but GptSystemsRead", async () => {
    server.use(
      http.get(`${API}/CurrentUser/UserRolesWithResolvedActions`, () =>
        HttpResponse.json({ roles: [], resolvedActions: ["GptSystemsRead"] }),
      ),
    );
    signInForTest();
    renderApp("/chat");
    await userEvent.click(await screen.findByRole("button", { name: "Ada Lovelace" }));
    const popover = await screen.findByRole("dialog", { name: "Ada Lovelace" });
    expect(within(popover).getByRole("button", { name: "Chat" })).toBeInTheDocument();
    await waitFor(() => expect(within(popover).queryByRole("button", { name: "Management" })).not.toBeInTheDocument());
  });

  it("logs out: clears the auth state and opens the login page without remembering the page", async () => {
    signInForTest();
    const { router } = renderApp("/chat/agents");
    await userEvent.click(await screen.findByRole("button", { name: "Ada Lovelace" }));
    await userEvent.click(await screen.findByRole("menuitem", { name: "Logout" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/auth/jwt/login"));
    expect(authStore.getState()).toMatchObject({
      n1aiToken: null,
      account: null,
      user: null,
      pathToVisitAfterLogin: null,
    });
    expect(await screen.findByLabelText("User name")).toBeInTheDocument();
  });

  it("opens the About drawer with the API's build information", async () => {
    server.use(
      http.get(`${API}/buildInfo`, () =>
        HttpResponse.json({
          version: "2.2601.1000",
          buildId: "b-7",
          commitHash: "abc123",
          timestamp: "2025-12-01T10:30:00Z",
        }),
      ),
    );
    signInForTest();
    renderApp("/chat");
    await userEvent.click(await screen.findByRole("button", { name: "Ada Lovelace" }));
    await userEvent.click(await screen.findByRole("menuitem", { name: "About" }));
    const about = await screen.findByRole("dialog", { name: "About" });
    expect(await within(about).findByText("b-7")).toBeInTheDocument();
    expect(within(about).getByText("abc123")).toBeInTheDocument();
    expect(within(about).getByText("01 Dec 2025 10:30 UTC")).toBeInTheDocument();
    expect(within(about).getByRole("alert")).toHaveTextContent("2.2601.1000");
    expect(within(about).getByRole("link", { name: "Release notes" })).toHaveAttribute("target", "_blank");
  });

  it("uses the display name from CurrentUser/details", async () => {
    server.use(
      http.get(`${API}/CurrentUser/details`, () => HttpResponse.json({ ...userDetails, displayName: "Countess Ada" })),
    );
    signInForTest();
    renderApp("/chat");
    expect(await screen.findByRole("button", { name: "Countess Ada" })).toBeInTheDocument();
  });
});
