import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { delay, http } from "msw";
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { chatStore, initialChatState } from "../../../../src/chat/state/chatStore";
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
  chatStore.setState(initialChatState);
});

/** Three conversations, each under its own heading: Today, Yesterday, Previous 7 Days. */
function serveThreeGroups() {
  const now = new Date();
  const chats = [
    conversation("Morning notes", daysAgo(0, now)),
    conversation("Trip ideas", daysAgo(1, now)),
    conversation("Budget review", daysAgo(3, now)),
  ];
  serveConversationLists(chats);
  return chats;
}

async function renderList(path = "/chat") {
  signInForTest();
  renderApp(path);
  const user = userEvent.setup();
  const navigation = await openNavigation(user);
  const list = await historyList(navigation);
  return { user, navigation, list };
}

/** The accessible name of the focused element, or where it is when it is outside `list`. */
function focused(list: HTMLElement) {
  const active = document.activeElement as HTMLElement | null;
  if (!active || !list.contains(active)) return "outside the list";
  return active.getAttribute("aria-label") ?? active.textContent;
}

/** Tabs from the History tab, the control before the list. */
async function tabIntoList(user: ReturnType<typeof userEvent.setup>, navigation: HTMLElement) {
  within(navigation).getByRole("tab", { name: "History" }).focus();
  await user.tab();
}

describe("conversation list keys", () => {
  it("is one Tab stop: Tab goes to the first row, its options, then out of the list, and back", async () => {
    serveThreeGroups();
    const { user, navigation, list } = await renderList();
    const tabbable = within(list)
      .getAllByRole("button")
      .filter((button) => button.tabIndex >= 0);
    expect(tabbable.map((button) => button.getAttribute("aria-label") ?? button.textContent)).toEqual([
      "Morning notes",
      "Options for Morning notes",
    ]);

    await tabIntoList(user, navigation);
    expect(focused(list)).toBe("Morning notes");
    await user.tab();
    expect(focused(list)).toBe("Options for Morning notes");
    await user.tab();
    expect(focused(list)).toBe("outside the list");
    await user.tab({ shift: true });
    expect(focused(list)).toBe("Options for Morning notes");
  });

  it("makes the current conversation's row the Tab stop, the focused one while the focus is in the list", async () => {
    const [, trip] = serveThreeGroups();
    // Still loading: a conversation found gone would leave the list.
    server.use(http.get(`${API}/userConversations/:conversationId`, () => delay("infinite")));
    chatStore.setState({ currentConversationId: trip!.conversationId });
    const { user, navigation, list } = await renderList(`/chat?c=${trip!.conversationId}`);

    await tabIntoList(user, navigation);
    expect(focused(list)).toBe("Trip ideas");
    await user.keyboard("{ArrowDown}");
    expect(focused(list)).toBe("Budget review");
    await user.tab();
    expect(focused(list)).toBe("Options for Budget review");
    await user.tab();
    expect(focused(list)).toBe("outside the list");
    // Back in: at the current conversation again.
    await user.tab({ shift: true });
    expect(focused(list)).toBe("Options for Trip ideas");
  });

  it("moves between rows with the arrows, Home and End, past the headings and without wrapping", async () => {
    serveThreeGroups();
    const { user, navigation, list } = await renderList();
    await tabIntoList(user, navigation);
    const after = async (key: string) => {
      await user.keyboard(key);
      return focused(list);
    };
    expect(await after("{ArrowDown}")).toBe("Trip ideas");
    expect(await after("{ArrowDown}")).toBe("Budget review");
    expect(await after("{ArrowDown}")).toBe("Budget review");
    expect(await after("{Home}")).toBe("Morning notes");
    expect(await after("{ArrowUp}")).toBe("Morning notes");
    expect(await after("{End}")).toBe("Budget review");
    expect(await after("{ArrowUp}")).toBe("Trip ideas");
    // From a row's options button too, to the next row.
    await user.tab();
    expect(focused(list)).toBe("Options for Trip ideas");
    expect(await after("{ArrowDown}")).toBe("Budget review");
    // Enter still opens the conversation.
    await user.keyboard("{Enter}");
    await waitFor(() =>
      expect(within(list).getByRole("button", { name: "Budget review" })).toHaveAttribute("aria-current", "page"),
    );
  });

  it("leaves the keys to the rename field and to an open menu", async () => {
    serveThreeGroups();
    const { user, list } = await renderList();
    await user.click(within(list).getByRole("button", { name: "Options for Trip ideas" }));
    await user.click(await screen.findByRole("menuitem", { name: "Rename" }));
    const field = await within(list).findByRole("textbox", { name: "Conversation title" });
    await waitFor(() => expect(field).toHaveFocus());
    await user.keyboard("{ArrowDown}{ArrowUp}{Home}{End}");
    expect(field).toHaveFocus();
    await user.keyboard("{Escape}");
    expect(focused(list)).toBe("Trip ideas");
    await user.keyboard("{ArrowDown}");
    expect(focused(list)).toBe("Budget review");

    await user.tab();
    await user.keyboard("{Enter}");
    const menu = await screen.findByRole("menu");
    await waitFor(() => expect(within(menu).getByRole("menuitem", { name: "Rename" })).toHaveFocus());
    await user.keyboard("{ArrowDown}");
    expect(within(menu).getByRole("menuitem", { name: "Archive" })).toHaveFocus();
    await user.keyboard("{End}");
    expect(within(menu).getByRole("menuitem", { name: "Delete" })).toHaveFocus();
    await user.keyboard("{Escape}");
    await waitFor(() => expect(focused(list)).toBe("Options for Budget review"));
    await waitFor(() => expect(screen.queryByRole("menu")).toBeNull());
    await user.keyboard("{ArrowUp}");
    expect(focused(list)).toBe("Trip ideas");
  });

  it("scrolls to a row outside the rendered window and focuses it once it is rendered", async () => {
    const now = new Date();
    serveConversationLists(
      Array.from({ length: 300 }, (_, index) =>
        conversation(`Chat ${index}`, new Date(now.getTime() - index * 60_000)),
      ),
    );
    // jsdom has no Element.scrollTo: the virtualizer scrolls with it, and the scroll event comes after, as in a browser.
    const scrolls: number[] = [];
    Object.defineProperty(HTMLElement.prototype, "scrollTo", {
      configurable: true,
      value(this: HTMLElement, options: ScrollToOptions) {
        if (options.top === undefined) return;
        scrolls.push(options.top);
        this.scrollTop = options.top;
        setTimeout(() => fireEvent.scroll(this));
      },
    });
    onTestFinished(() => void delete (HTMLElement.prototype as Partial<HTMLElement>).scrollTo);
    const { user, navigation, list } = await renderList();
    // The virtualizer scrolls no further than the list's scrollHeight allows: its rows' height here.
    Object.defineProperty(list, "scrollHeight", { configurable: true, value: 24 + 300 * 38 });
    await tabIntoList(user, navigation);
    expect(focused(list)).toBe("Chat 0");
    expect(within(list).queryByRole("button", { name: "Chat 299" })).toBeNull();

    await user.keyboard("{End}");
    await waitFor(() => expect(focused(list)).toBe("Chat 299"));
    expect(list.scrollTop).toBeGreaterThan(250 * 38);
    expect(within(list).queryByRole("button", { name: "Chat 0" })).toBeNull();
    await user.keyboard("{Home}");
    await waitFor(() => expect(focused(list)).toBe("Chat 0"));
    expect(list.scrollTop).toBe(0);

    // The reader scrolls far down with the wheel; the focused row stays, the next is not rendered.
    await user.keyboard("{ArrowDown}");
    expect(focused(list)).toBe("Chat 1");
    list.scrollTop = 250 * 38;
    fireEvent.scroll(list);
    await waitFor(() => expect(within(list).queryByRole("button", { name: "Chat 2" })).toBeNull());
    scrolls.length = 0;
    await user.keyboard("{ArrowDown}");
    await waitFor(() => expect(focused(list)).toBe("Chat 2"));
    expect(scrolls).not.toEqual([]);
    expect(list.scrollTop).toBeLessThan(3 * 38);

    // Back in from outside, with the list scrolled away from its Tab stop: Tab comes in at the first row in view.
    within(navigation).getByRole("tab", { name: "History" }).focus();
    list.scrollTop = 150 * 38;
    fireEvent.scroll(list);
    await waitFor(() => expect(within(list).queryByRole("button", { name: "Chat 2" })).toBeNull());
    await user.tab();
    expect(focused(list)).toMatch(/^Chat 1(49|50)$/);
  });
});
