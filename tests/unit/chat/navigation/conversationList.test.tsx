import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { delay, http, HttpResponse } from "msw";
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { authActions, authStore } from "../../../../src/app/auth/authStore";
import { chatActions, chatStore, initialChatState } from "../../../../src/chat/state/chatStore";
import { API } from "../../utils/handlers";
import { renderApp, signInForTest } from "../../utils/renderApp";
import { server } from "../../utils/server";
import {
  conversation,
  daysAgo,
  historyList,
  openNavigation,
  serveConversationLists,
  stubViewportHeight,
} from "./navigationFixtures";

// The whole app renders in jsdom: slower than the 5 s default on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

let restoreViewport: () => void;
beforeEach(() => {
  restoreViewport = stubViewportHeight();
});

afterEach(() => {
  restoreViewport();
  vi.useRealTimers();
  chatStore.setState(initialChatState);
});

describe("conversation list", () => {
  it("groups History by date with the spec's headings", async () => {
    const now = new Date();
    serveConversationLists([
      conversation("Morning notes", daysAgo(0, now)),
      conversation("Trip ideas", daysAgo(1, now)),
      conversation("Budget review", daysAgo(3, now)),
      conversation("Hiring plan", daysAgo(20, now)),
      conversation("Old archive question", new Date(now.getFullYear() - 2, 3, 1)),
    ]);
    signInForTest();
    renderApp("/chat");
    const list = await historyList(await openNavigation());
    const headings = within(list)
      .getAllByRole("heading")
      .map((heading) => heading.textContent);
    expect(headings).toEqual([
      "Today",
      "Yesterday",
      "Previous 7 Days",
      "Previous 30 Days",
      String(now.getFullYear() - 2),
    ]);
    expect(within(list).getByRole("button", { name: "Morning notes" })).toBeInTheDocument();
    expect(within(list).getAllByRole("button", { name: /^Options for / })).toHaveLength(5);
  });

  it("names months of this year", async () => {
    const now = new Date();
    if (now.getMonth() < 2) return; // Early in the year no date is both 31+ days old and in this year's months before last.
    serveConversationLists([conversation("Kick-off", new Date(now.getFullYear(), 0, 15))]);
    signInForTest();
    renderApp("/chat");
    const list = await historyList(await openNavigation());
    expect(within(list).getByRole("heading", { name: "January" })).toBeInTheDocument();
  });

  it("shows the History error verbatim", async () => {
    server.use(
      http.get(`${API}/userConversations`, () =>
        HttpResponse.json({ title: "Boom", status: 500, type: "about:blank" }, { status: 500 }),
      ),
    );
    signInForTest();
    renderApp("/chat");
    const navigation = await openNavigation();
    expect(await within(navigation).findByRole("alert")).toHaveTextContent(
      "Something went wrong while loading your chat history. Please refresh or start a new conversation.",
    );
  });

  it("shows the Archived error verbatim", async () => {
    server.use(http.get(`${API}/userConversations/archived`, () => new HttpResponse(null, { status: 500 })));
    signInForTest();
    renderApp("/chat");
    const navigation = await openNavigation();
    await userEvent.click(within(navigation).getByRole("tab", { name: "Archived" }));
    expect(await within(navigation).findByRole("alert")).toHaveTextContent(
      "Something went wrong while loading archived chats. Please refresh or try again later.",
    );
  });

  it("shows both empty texts verbatim", async () => {
    signInForTest();
    renderApp("/chat");
    const navigation = await openNavigation();
    expect(
      await within(navigation).findByText("You don’t have any chats. Start a new conversation to see it here."),
    ).toBeInTheDocument();
    await userEvent.click(within(navigation).getByRole("tab", { name: "Archived" }));
    expect(
      await within(navigation).findByText(
        "You haven’t archived any chats. Archived chats will appear here for future reference.",
      ),
    ).toBeInTheDocument();
  });

  it("shows the no-match texts, the archived one with the word archived", async () => {
    serveConversationLists([conversation("Budget", new Date())], [conversation("Roadmap", new Date())]);
    signInForTest();
    renderApp("/chat");
    const navigation = await openNavigation();
    await historyList(navigation);
    await userEvent.type(within(navigation).getByRole("searchbox", { name: "Search titles" }), "zebra");
    expect(
      await within(navigation).findByText(
        "No chats match your search. Try a different title or start a new conversation.",
      ),
    ).toBeInTheDocument();
    await userEvent.click(within(navigation).getByRole("tab", { name: "Archived" }));
    expect(
      await within(navigation).findByText(
        "No archived chats match your search. Try a different title or start a new conversation.",
      ),
    ).toBeInTheDocument();
  });

  it("says a title search's result in a status that is there before it: how many chats match, or none", async () => {
    serveConversationLists([
      conversation("Budget review", new Date()),
      conversation("Budget plan", new Date()),
      conversation("Trip", new Date()),
    ]);
    signInForTest();
    renderApp("/chat");
    const navigation = await openNavigation();
    await historyList(navigation);
    // A status put into the page with its text is not read by every screen reader: this one is there, empty.
    const [status, ...others] = within(navigation).getAllByRole("status");
    expect(others).toEqual([]);
    expect(status).toHaveTextContent(/^$/);
    const field = within(navigation).getByRole("searchbox", { name: "Search titles" });

    await userEvent.type(field, "budget");
    await waitFor(() => expect(status).toHaveTextContent(/^2 chats match your search\.$/));
    await userEvent.clear(field);
    await userEvent.type(field, "trip");
    await waitFor(() => expect(status).toHaveTextContent(/^1 chat matches your search\.$/));
    await userEvent.type(field, "zebra");
    await waitFor(() =>
      expect(status).toHaveTextContent(
        /^No chats match your search\. Try a different title or start a new conversation\.$/,
      ),
    );
    expect(within(navigation).getAllByRole("status")).toEqual([status]);
    await userEvent.clear(field);
    await waitFor(() => expect(status).toHaveTextContent(/^$/));
  });

  it("searches on the server once, 300 ms after the last keystroke", async () => {
    const searches: string[] = [];
    const items = [conversation("Budget review", new Date()), conversation("Trip", new Date())];
    server.use(
      http.get(`${API}/userConversations`, ({ request }) => {
        const search = new URL(request.url).searchParams.get("search");
        if (search) searches.push(search);
        const matching = search
          ? items.filter((item) => item.title.toLowerCase().includes(search.toLowerCase()))
          : items;
        return HttpResponse.json({ items: matching, continuationToken: null });
      }),
    );
    signInForTest();
    renderApp("/chat");
    const navigation = await openNavigation();
    const list = await historyList(navigation);
    const field = within(navigation).getByRole("searchbox", { name: "Search titles" });
    // As long as the API takes (a longer search would be refused and read as a load error).
    expect(field).toHaveAttribute("maxlength", "200");
    vi.useFakeTimers();
    for (const text of ["B", "BU", "BUD", "BUDG"]) {
      fireEvent.change(field, { target: { value: text } });
      await vi.advanceTimersByTimeAsync(200);
    }
    await vi.advanceTimersByTimeAsync(99);
    expect(searches).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    vi.useRealTimers();
    await waitFor(() => expect(within(list).queryByRole("button", { name: "Trip" })).not.toBeInTheDocument());
    expect(searches).toEqual(["BUDG"]);
    expect(within(list).getByRole("button", { name: "Budget review" })).toBeInTheDocument();

    // A search of nothing visible (a zero-width space pasted) is no search, as one of spaces is.
    fireEvent.change(field, { target: { value: " \u200b " } });
    expect(await within(list).findByRole("button", { name: "Trip" })).toBeInTheDocument();
    expect(searches).toEqual(["BUDG"]);
  });

  it("keeps the search and the list chosen when the navigation collapses and opens again", async () => {
    serveConversationLists(
      [conversation("Budget review", new Date()), conversation("Trip", new Date())],
      [conversation("Old budget", new Date()), conversation("Old trip", new Date())],
    );
    signInForTest();
    renderApp("/chat");
    const user = userEvent.setup();
    let navigation = await openNavigation(user);
    await user.type(within(navigation).getByRole("searchbox", { name: "Search titles" }), "budget");
    await user.click(within(navigation).getByRole("tab", { name: "Archived" }));
    const archived = await within(navigation).findByRole("list", { name: "Archived conversations" });
    await waitFor(() => expect(within(archived).queryByRole("button", { name: "Old trip" })).not.toBeInTheDocument());

    await user.click(within(navigation).getByRole("button", { name: "Collapse navigation" }));
    navigation = await openNavigation(user);
    expect(within(navigation).getByRole("searchbox", { name: "Search titles" })).toHaveValue("budget");
    expect(within(navigation).getByRole("tab", { name: "Archived" })).toHaveAttribute("aria-selected", "true");
    const shown = await within(navigation).findByRole("list", { name: "Archived conversations" });
    expect(within(shown).getByRole("button", { name: "Old budget" })).toBeInTheDocument();
    expect(within(shown).queryByRole("button", { name: "Old trip" })).not.toBeInTheDocument();
  });

  it("does not read a list again when it is shown again soon: the other sub-tab and back, the navigation collapsed", async () => {
    const requests = serveConversationLists([conversation("Budget review", new Date())], [conversation("Old", new Date())]);
    signInForTest();
    renderApp("/chat");
    const user = userEvent.setup();
    let navigation = await openNavigation(user);
    await within(await historyList(navigation)).findByRole("button", { name: "Budget review" });
    await user.click(within(navigation).getByRole("tab", { name: "Archived" }));
    await within(navigation).findByRole("button", { name: "Old" });
    await user.click(within(navigation).getByRole("tab", { name: "History" }));
    await within(await historyList(navigation)).findByRole("button", { name: "Budget review" });
    await user.click(within(navigation).getByRole("button", { name: "Collapse navigation" }));
    navigation = await openNavigation(user);
    await within(await historyList(navigation)).findByRole("button", { name: "Budget review" });
    expect(requests.history).toHaveLength(1);
    expect(requests.archived).toHaveLength(1);
  });

  it("asks for the next page with the continuationToken when scrolled to the end", async () => {
    const now = new Date();
    const first = Array.from({ length: 50 }, (_, index) =>
      conversation(`First page ${index}`, new Date(now.getTime() - index * 1000)),
    );
    const second = [conversation("Second page 0", daysAgo(2, now))];
    const tokens: (string | null)[] = [];
    server.use(
      http.get(`${API}/userConversations`, ({ request }) => {
        const token = new URL(request.url).searchParams.get("continuationToken");
        tokens.push(token);
        return HttpResponse.json(
          token === "page-2"
            ? { items: second, continuationToken: null }
            : { items: first, continuationToken: "page-2" },
        );
      }),
    );
    signInForTest();
    renderApp("/chat");
    const list = await historyList(await openNavigation());
    expect(tokens).toEqual([null]);
    // Screen readers are told each rendered row's place, and that the list's size is not known yet.
    const itemOf = (title: string) => within(list).getByRole("button", { name: title }).closest('[role="listitem"]');
    expect(itemOf("First page 0")).toHaveAttribute("aria-posinset", "2");
    expect(itemOf("First page 0")).toHaveAttribute("aria-setsize", "-1");
    Object.defineProperty(list, "scrollTop", { configurable: true, value: 50 * 38 });
    fireEvent.scroll(list);
    await waitFor(() => expect(tokens).toEqual([null, "page-2"]));
    Object.defineProperty(list, "scrollTop", { configurable: true, value: 60 * 38 });
    fireEvent.scroll(list);
    expect(await within(list).findByRole("button", { name: "Second page 0" })).toBeInTheDocument();
    expect(tokens).toEqual([null, "page-2"]);
    // Today's heading and 50 rows, Previous 7 Days' heading and its row: all loaded.
    expect(itemOf("Second page 0")).toHaveAttribute("aria-posinset", "53");
    expect(itemOf("Second page 0")).toHaveAttribute("aria-setsize", "53");
  });

  it("asks once for a next page that fails, says so, and asks again only with Try again", async () => {
    const now = new Date();
    const first = Array.from({ length: 50 }, (_, index) =>
      conversation(`First page ${index}`, new Date(now.getTime() - index * 1000)),
    );
    const tokens: (string | null)[] = [];
    let secondPageWorks = false;
    server.use(
      http.get(`${API}/userConversations`, ({ request }) => {
        const token = new URL(request.url).searchParams.get("continuationToken");
        tokens.push(token);
        if (token !== "page-2") return HttpResponse.json({ items: first, continuationToken: "page-2" });
        return secondPageWorks
          ? HttpResponse.json({ items: [conversation("Second page 0", daysAgo(2, now))], continuationToken: null })
          : HttpResponse.json({ title: "Internal Server Error", status: 500 }, { status: 500 });
      }),
    );
    signInForTest();
    renderApp("/chat");
    const list = await historyList(await openNavigation());
    Object.defineProperty(list, "scrollTop", { configurable: true, value: 50 * 38 });
    fireEvent.scroll(list);
    expect(await within(list).findByRole("alert")).toHaveTextContent("More chats could not be loaded.");
    const asked = tokens.length;
    // Scrolling on, or the list rendering again, does not ask again.
    fireEvent.scroll(list);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(tokens).toHaveLength(asked);

    secondPageWorks = true;
    await userEvent.setup().click(within(list).getByRole("button", { name: "Try again" }));
    expect(await within(list).findByRole("button", { name: "Second page 0" })).toBeInTheDocument();
    expect(within(list).queryByRole("alert")).not.toBeInTheDocument();
    expect(tokens.slice(asked)).toEqual(["page-2"]);
  });

  it("shows a new search's results from the top of the list", async () => {
    const now = new Date();
    const items = Array.from({ length: 200 }, (_, index) =>
      conversation(`Chat ${index}`, new Date(now.getTime() - index * 60_000)),
    );
    const searches: string[] = [];
    server.use(
      http.get(`${API}/userConversations`, ({ request }) => {
        const search = new URL(request.url).searchParams.get("search") ?? "";
        searches.push(search);
        return HttpResponse.json({ items: items.filter((item) => item.title.includes(search)), continuationToken: null });
      }),
    );
    signInForTest();
    renderApp("/chat");
    const navigation = await openNavigation();
    const list = await historyList(navigation);
    list.scrollTop = 120 * 38;
    fireEvent.scroll(list);
    fireEvent.change(within(navigation).getByRole("searchbox", { name: "Search titles" }), { target: { value: "Chat 1" } });
    await waitFor(() => expect(searches).toContain("Chat 1"));
    // jsdom sends no scroll event for it (a browser does, and the rows at the top are rendered).
    await waitFor(() => expect(list.scrollTop).toBe(0));
  });

  it("comes back to where History was scrolled after a look at Archived, and a new search starts from the top", async () => {
    const now = new Date();
    serveConversationLists(
      Array.from({ length: 300 }, (_, index) => conversation(`Chat ${index}`, new Date(now.getTime() - index * 60_000))),
      [conversation("Old plan", daysAgo(40, now))],
    );
    // jsdom has no Element.scrollTo; the virtualizer scrolls with it, as a browser would here.
    Object.defineProperty(HTMLElement.prototype, "scrollTo", {
      configurable: true,
      value(this: HTMLElement, options: ScrollToOptions) {
        if (options.top !== undefined) this.scrollTop = options.top;
      },
    });
    onTestFinished(() => void delete (HTMLElement.prototype as Partial<HTMLElement>).scrollTo);
    signInForTest();
    renderApp("/chat");
    const navigation = await openNavigation();
    const user = userEvent.setup();
    let list = await historyList(navigation);
    list.scrollTop = 200 * 38;
    fireEvent.scroll(list);
    expect(await within(list).findByRole("button", { name: "Chat 200" })).toBeInTheDocument();

    await user.click(within(navigation).getByRole("tab", { name: "Archived" }));
    expect(await within(navigation).findByRole("button", { name: "Old plan" })).toBeInTheDocument();
    await user.click(within(navigation).getByRole("tab", { name: "History" }));
    list = await historyList(navigation);
    expect(list.scrollTop).toBe(200 * 38);
    expect(within(list).getByRole("button", { name: "Chat 200" })).toBeInTheDocument();
    expect(within(list).queryByRole("button", { name: "Chat 0" })).not.toBeInTheDocument();

    // The same list under another search is another list: its results start from the top.
    fireEvent.change(within(navigation).getByRole("searchbox", { name: "Search titles" }), { target: { value: "Chat 2" } });
    await waitFor(() => expect(list.scrollTop).toBe(0));
    await user.click(within(navigation).getByRole("tab", { name: "Archived" }));
    await user.click(within(navigation).getByRole("tab", { name: "History" }));
    list = await historyList(navigation);
    expect(await within(list).findByRole("button", { name: "Chat 2" })).toBeInTheDocument();
    expect(list.scrollTop).toBe(0);
  });

  it("renders only a window of thousands of conversations", async () => {
    const now = new Date();
    serveConversationLists(
      Array.from({ length: 3000 }, (_, index) =>
        conversation(`Chat ${index}`, new Date(now.getTime() - index * 60_000)),
      ),
    );
    signInForTest();
    renderApp("/chat");
    const list = await historyList(await openNavigation());
    const rendered = within(list).getAllByRole("button", { name: /^Chat \d+$/ });
    expect(rendered.length).toBeGreaterThan(0);
    expect(rendered.length).toBeLessThan(60);
  });

  it("keeps the heading of the group at the top of the view in the list, however deep it is scrolled", async () => {
    // Today's conversation, then 600 of 2019, two a day: far more rows under that year's heading than the list renders beyond the view.
    const endOf2019 = new Date(2019, 11, 31, 20).getTime();
    serveConversationLists([
      conversation("This morning", new Date()),
      ...Array.from({ length: 600 }, (_, index) => conversation(`Chat ${index}`, new Date(endOf2019 - index * 43_200_000))),
    ]);
    signInForTest();
    renderApp("/chat");
    const list = await historyList(await openNavigation());
    const headings = () => within(list).getAllByRole("heading").map((heading) => heading.textContent);
    expect(headings()).toEqual(["Today", "2019"]);

    Object.defineProperty(list, "scrollTop", { configurable: true, value: 400 * 38 });
    fireEvent.scroll(list);
    await waitFor(() => expect(within(list).queryByRole("button", { name: "This morning" })).toBeNull());
    expect(headings()).toEqual(["2019"]);
    const heading = within(list).getByRole("heading", { name: "2019" }).closest("[role=listitem]")!;
    expect(getComputedStyle(heading).position).toBe("sticky");
    // The heading alone is kept: the rows of its group before the rendered window are not.
    expect(within(list).queryByRole("button", { name: "Chat 0" })).toBeNull();
    expect(within(list).getByRole("button", { name: "Chat 400" })).toBeInTheDocument();
  });

  it("keeps the focused row, and a row being renamed, while the list is scrolled far from them", async () => {
    const now = new Date();
    serveConversationLists(
      Array.from({ length: 300 }, (_, index) => conversation(`Chat ${index}`, new Date(now.getTime() - index * 60_000))),
    );
    signInForTest();
    renderApp("/chat");
    const list = await historyList(await openNavigation());
    const scrollTo = (row: number) => {
      Object.defineProperty(list, "scrollTop", { configurable: true, value: row * 38 });
      fireEvent.scroll(list);
    };
    const first = within(list).getByRole("button", { name: "Chat 1" });
    first.focus();
    scrollTo(250);
    await waitFor(() => expect(within(list).queryByRole("button", { name: "Chat 2" })).toBeNull());
    expect(first).toBeInTheDocument();
    expect(first).toHaveFocus();

    scrollTo(0);
    await userEvent.click(await within(list).findByRole("button", { name: "Options for Chat 3" }));
    await userEvent.click(await screen.findByRole("menuitem", { name: "Rename" }));
    const field = await within(list).findByRole("textbox", { name: "Conversation title" });
    await waitFor(() => expect(field).toHaveFocus());
    scrollTo(250);
    await waitFor(() => expect(within(list).queryByRole("button", { name: "Chat 4" })).toBeNull());
    // Still there, focused: clicking elsewhere (the message box) cancels the rename as ever.
    expect(field).toHaveFocus();
    await userEvent.click(screen.getByRole("textbox", { name: "Message" }));
    expect(within(list).queryByRole("textbox", { name: "Conversation title" })).toBeNull();
  });

  it("selects a conversation: current, highlighted, drawer closed, /chat?c=", async () => {
    const chosen = conversation("Quarterly plan", new Date());
    serveConversationLists([conversation("Other", new Date()), chosen]);
    // Still loading: one found gone would leave the list.
    server.use(http.get(`${API}/userConversations/:conversationId`, () => delay("infinite")));
    authActions.setDisplaySetting("showChatExecutionDetailsDrawer", true);
    signInForTest();
    const { router } = renderApp("/chat");
    const list = await historyList(await openNavigation());
    const row = within(list).getByRole("button", { name: "Quarterly plan" });
    await userEvent.click(row);
    expect(chatStore.getState().currentConversationId).toBe(chosen.conversationId);
    expect(authStore.getState().displaySettings.showChatExecutionDetailsDrawer).toBe(false);
    await waitFor(() => expect(router.state.location.search).toBe(`?c=${chosen.conversationId}`));
    expect(within(list).getByRole("button", { name: "Quarterly plan" })).toHaveAttribute("aria-current", "page");
    expect(within(list).getByRole("button", { name: "Other" })).not.toHaveAttribute("aria-current");
  });

  it("leaves an answer streaming when the conversation already shown is chosen again, and stops it for another", async () => {
    const shown = conversation("Shown", new Date());
    const other = conversation("Other", new Date());
    serveConversationLists([shown, other]);
    server.use(http.get(`${API}/userConversations/:conversationId`, () => new HttpResponse(null, { status: 404 })));
    signInForTest();
    chatStore.setState({ currentConversationId: shown.conversationId });
    renderApp(`/chat?c=${shown.conversationId}`);
    const list = await historyList(await openNavigation());
    const answer = new AbortController();
    chatActions.beginStream(answer);
    await userEvent.click(within(list).getByRole("button", { name: "Shown" }));
    expect(answer.signal.aborted).toBe(false);
    expect(chatStore.getState().userConversationIsActive).toBe(true);
    await userEvent.click(within(list).getByRole("button", { name: "Other" }));
    expect(answer.signal.aborted).toBe(true);
  });

  it("opens the conversation named in ?c= (reload, shared link)", async () => {
    const chosen = conversation("Deep link", new Date());
    serveConversationLists([chosen]);
    server.use(http.get(`${API}/userConversations/:conversationId`, () => new HttpResponse(null, { status: 404 })));
    signInForTest();
    renderApp(`/chat?c=${chosen.conversationId}`);
    await waitFor(() => expect(chatStore.getState().currentConversationId).toBe(chosen.conversationId));
  });
});

