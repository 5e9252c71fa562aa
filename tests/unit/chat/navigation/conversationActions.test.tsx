import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { chatStore, initialChatState } from "../../../../src/chat/state/chatStore";
import { userDetails } from "../../utils/fixtures";
import { API } from "../../utils/handlers";
import { renderApp, signInForTest } from "../../utils/renderApp";
import { server } from "../../utils/server";
import {
  conversation,
  type ConversationSummary,
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

async function openOptions(list: HTMLElement, title: string) {
  const row = within(list).getByRole("button", { name: title }).parentElement!;
  await userEvent.click(within(row).getByRole("button", { name: `Options for ${title}` }));
  return screen.findByRole("menu");
}

async function startRename(title: string) {
  const plan = conversation(title, new Date());
  const history = [plan, conversation("Another chat", new Date())];
  serveConversationLists(history);
  const bodies: unknown[] = [];
  server.use(
    http.put(`${API}/userConversations/:conversationId/updateTitle`, async ({ request, params }) => {
      const body = (await request.json()) as { title: string };
      bodies.push({ path: params.conversationId, body });
      const updated = { ...plan, title: body.title };
      history[0] = updated;
      return HttpResponse.json(updated);
    }),
  );
  signInForTest();
  const { queryClient } = renderApp("/chat");
  const list = await historyList(await openNavigation());
  const menu = await openOptions(list, title);
  await userEvent.click(within(menu).getByRole("menuitem", { name: "Rename" }));
  const field = await within(list).findByRole("textbox", { name: "Conversation title" });
  await waitFor(() => expect(field).toHaveFocus());
  return { plan, list, field, bodies, history, queryClient };
}

/** 404 "No such conversation.", as the server answers for one deleted elsewhere. */
const noSuchConversation = () =>
  HttpResponse.json(
    { type: "about:blank", title: "Not Found", status: 404, detail: "No such conversation." },
    { status: 404, headers: { "Content-Type": "application/problem+json" } },
  );

/** Renames `history`'s "Plan" to "Plan B" in the list, the server answering the rename with `answer`. */
async function renamePlanToPlanB(history: ConversationSummary[], answer: () => Response) {
  serveConversationLists(history);
  server.use(http.put(`${API}/userConversations/:conversationId/updateTitle`, answer));
  signInForTest();
  renderApp("/chat");
  const list = await historyList(await openNavigation());
  await userEvent.click(within(await openOptions(list, "Plan")).getByRole("menuitem", { name: "Rename" }));
  const field = await within(list).findByRole("textbox", { name: "Conversation title" });
  await waitFor(() => expect(field).toHaveFocus());
  await userEvent.type(field, " B{Enter}");
  return list;
}

describe("conversation options", () => {
  it("offers Rename, Archive, Export and Delete", async () => {
    serveConversationLists([conversation("Plan", new Date())]);
    signInForTest();
    renderApp("/chat");
    const menu = await openOptions(await historyList(await openNavigation()), "Plan");
    expect(
      within(menu)
        .getAllByRole("menuitem")
        .map((item) => item.textContent),
    ).toEqual(["Rename", "Archive", "Export", "Delete"]);
  });

  const menuItemsFor = async (gptSystem: Partial<ConversationSummary["gptSystem"]>, bannedFromCreating = false) => {
    const plain = conversation("Plan", new Date());
    serveConversationLists([{ ...plain, gptSystem: { ...plain.gptSystem, ...gptSystem } }]);
    server.use(
      http.get(`${API}/CurrentUser/details`, () =>
        HttpResponse.json({
          ...userDetails,
          personalAgentSettings: { isBannedFromCreatingAgents: bannedFromCreating, isBannedFromSharingAgents: false },
        }),
      ),
    );
    signInForTest();
    renderApp("/chat");
    const menu = await openOptions(await historyList(await openNavigation()), "Plan");
    return within(menu)
      .getAllByRole("menuitem")
      .map((item) => item.textContent);
  };

  it("hides Export for a conversation with a banned agent (spec §5)", async () => {
    expect(await menuItemsFor({ moderationStatus: "Banned" })).toEqual(["Rename", "Archive", "Delete"]);
  });

  it("hides Export for the user's own agent while the user is banned from creating agents (blocked)", async () => {
    const own = { gptSystemType: "User" as const, ownership: { ownerIsCurrentUser: true } };
    expect(await menuItemsFor(own, true)).toEqual(["Rename", "Archive", "Delete"]);
  });

  it("keeps Export for the user's own agent while the user may create agents", async () => {
    const own = { gptSystemType: "User" as const, ownership: { ownerIsCurrentUser: true } };
    expect(await menuItemsFor(own, false)).toEqual(["Rename", "Archive", "Export", "Delete"]);
  });

  it("renames inline: Enter sends {conversationId, title} and leaves edit mode", async () => {
    const { plan, list, field, bodies } = await startRename("Plan");
    await userEvent.clear(field);
    await userEvent.type(field, "Launch plan{Enter}");
    expect(within(list).queryByRole("textbox")).not.toBeInTheDocument();
    expect(within(list).getByRole("button", { name: "Launch plan" })).toHaveFocus();
    await waitFor(() =>
      expect(bodies).toEqual([
        { path: plan.conversationId, body: { conversationId: plan.conversationId, title: "Launch plan" } },
      ]),
    );
  });

  it("reads a search's results again after a rename: a conversation renamed out of the search leaves them", async () => {
    const pie = conversation("Apple pie", new Date());
    const history = [pie, conversation("Apple tart", new Date())];
    serveConversationLists(history);
    server.use(
      http.put(`${API}/userConversations/:conversationId/updateTitle`, async ({ request }) => {
        const { title } = (await request.json()) as { title: string };
        history[0] = { ...pie, title };
        return HttpResponse.json(history[0]);
      }),
    );
    signInForTest();
    renderApp("/chat");
    const navigation = await openNavigation();
    await userEvent.type(within(navigation).getByRole("searchbox", { name: "Search titles" }), "apple");
    const list = await historyList(navigation);
    await waitFor(() => expect(within(list).getAllByRole("button", { name: /^Apple/ })).toHaveLength(2));
    await userEvent.click(within(await openOptions(list, "Apple pie")).getByRole("menuitem", { name: "Rename" }));
    const field = await within(list).findByRole("textbox", { name: "Conversation title" });
    await waitFor(() => expect(field).toHaveFocus());
    await userEvent.clear(field);
    await userEvent.type(field, "Plum cake{Enter}");
    await waitFor(() => expect(within(list).queryByRole("button", { name: "Plum cake" })).not.toBeInTheDocument());
    expect(within(list).getByRole("button", { name: "Apple tart" })).toBeInTheDocument();
  });

  it("cancels the rename on Escape, the focus back on the row", async () => {
    const { list, field, bodies } = await startRename("Plan");
    await userEvent.type(field, "Changed{Escape}");
    expect(within(list).queryByRole("textbox")).not.toBeInTheDocument();
    expect(within(list).getByRole("button", { name: "Plan" })).toHaveFocus();
    expect(bodies).toEqual([]);
  });

  it("cancels the rename when clicking outside", async () => {
    const { list, field, bodies } = await startRename("Plan");
    await userEvent.type(field, "Changed");
    await userEvent.click(within(list).getByRole("button", { name: "Another chat" }));
    expect(within(list).queryByRole("textbox")).not.toBeInTheDocument();
    expect(within(list).getByRole("button", { name: "Plan" })).toBeInTheDocument();
    expect(bodies).toEqual([]);
  });

  it("takes at most 50 characters", async () => {
    const { field } = await startRename("Plan");
    await userEvent.clear(field);
    await userEvent.type(field, "x".repeat(60));
    expect(field).toHaveValue("x".repeat(50));
  });

  // "a" and 30 emoji: 31 characters as the server counts them (code points), 61 UTF-16 units.
  const emojiTitle = "a" + "😀".repeat(30);

  it("sends nothing for a title that shows nothing (a lone combining mark, zero-width spaces) and keeps the old one", async () => {
    const { list, field, bodies } = await startRename("Plan");
    fireEvent.change(field, { target: { value: "\u0301\u200b " } });
    await userEvent.keyboard("{Enter}");
    expect(within(list).queryByRole("textbox")).not.toBeInTheDocument();
    expect(within(list).getByRole("button", { name: "Plan" })).toBeInTheDocument();
    expect(bodies).toEqual([]);
  });

  it("shows a title with emoji whole, and sends nothing when it is left unchanged", async () => {
    const { list, field, bodies } = await startRename(emojiTitle);
    expect(field).toHaveValue(emojiTitle);
    await userEvent.keyboard("{Enter}");
    expect(within(list).queryByRole("textbox")).not.toBeInTheDocument();
    expect(within(list).getByRole("button", { name: emojiTitle })).toBeInTheDocument();
    expect(bodies).toEqual([]);
  });

  it("shows a title generated while the field is open, and sends nothing on Enter when the user typed nothing", async () => {
    const { plan, list, field, bodies, history, queryClient } = await startRename("Plan");
    // The first answer ends meanwhile and the server gives the conversation its generated title.
    history[0] = { ...plan, title: "Generated title" };
    await queryClient.invalidateQueries({ queryKey: ["userConversations"] });
    await waitFor(() => expect(field).toHaveValue("Generated title"));
    await userEvent.keyboard("{Enter}");
    expect(within(list).queryByRole("textbox")).not.toBeInTheDocument();
    expect(within(list).getByRole("button", { name: "Generated title" })).toBeInTheDocument();
    expect(bodies).toEqual([]);
  });

  it("counts an emoji as one of the 50 characters and never cuts one in two", async () => {
    const { plan, field, bodies } = await startRename(emojiTitle);
    await userEvent.keyboard("{End}");
    await userEvent.paste("😀".repeat(25));
    const fifty = "a" + "😀".repeat(49);
    expect(field).toHaveValue(fifty);
    // A full field takes no more.
    await userEvent.paste("b");
    expect(field).toHaveValue(fifty);
    await userEvent.keyboard("{Enter}");
    await waitFor(() =>
      expect(bodies).toEqual([
        { path: plan.conversationId, body: { conversationId: plan.conversationId, title: fifty } },
      ]),
    );
  });

  it("cuts a paste at the limit between graphemes: a flag is kept whole or left out", async () => {
    const { field } = await startRename("Plan");
    await userEvent.clear(field);
    await userEvent.paste(`${"a".repeat(49)}🇯🇵`); // The flag is two code points: 51 in all.
    expect(field).toHaveValue("a".repeat(49));
  });

  it("cuts a paste that replaces a full title's selection to the limit, as it would any paste", async () => {
    const { field } = await startRename("t".repeat(50));
    expect(field).toHaveProperty("selectionEnd", 50); // The whole title is selected on opening.
    await userEvent.paste("n".repeat(60));
    expect(field).toHaveValue("n".repeat(50));
    // In the middle of a full title, nothing more fits.
    await userEvent.keyboard("{Home}{ArrowRight}");
    await userEvent.paste("x");
    expect(field).toHaveValue("n".repeat(50));
  });

  it("leaves the Enter and Escape of an input method's composition to it, and fits the chosen word", async () => {
    const { plan, field, bodies } = await startRename("あ".repeat(48));
    await userEvent.keyboard("{End}");
    // The reading is longer than what fits; the word chosen (東京) fits: 50 characters.
    fireEvent.compositionStart(field);
    fireEvent.change(field, { target: { value: `${"あ".repeat(48)}とうきょう` } });
    fireEvent.keyDown(field, { key: "Escape", keyCode: 229, isComposing: true });
    fireEvent.change(field, { target: { value: `${"あ".repeat(48)}東京` } });
    fireEvent.keyDown(field, { key: "Enter", keyCode: 229, isComposing: true });
    fireEvent.compositionEnd(field);
    expect(field).toBeInTheDocument();
    expect(field).toHaveValue(`${"あ".repeat(48)}東京`);
    expect(bodies).toEqual([]);
    // The user's own Enter renames.
    await userEvent.keyboard("{Enter}");
    await waitFor(() =>
      expect(bodies).toEqual([
        { path: plan.conversationId, body: { conversationId: plan.conversationId, title: `${"あ".repeat(48)}東京` } },
      ]),
    );
  });

  it("puts the old title back and says so when the rename fails", async () => {
    const list = await renamePlanToPlanB([conversation("Plan", new Date())], () => new HttpResponse(null, { status: 500 }));
    expect(await screen.findByText("Failed to rename the chat")).toBeInTheDocument();
    expect(within(list).getByRole("button", { name: "Plan" })).toBeInTheDocument();
  });

  it("takes a conversation deleted elsewhere out of the list when its rename finds it gone, and says so", async () => {
    const history = [conversation("Plan", new Date()), conversation("Keep", new Date())];
    const list = await renamePlanToPlanB(history, () => {
      history.splice(0, 1);
      return noSuchConversation();
    });
    expect(await screen.findByText("This chat no longer exists: it was deleted elsewhere.")).toBeInTheDocument();
    expect(screen.queryByText("Failed to rename the chat")).not.toBeInTheDocument();
    expect(within(list).queryByRole("button", { name: "Plan" })).not.toBeInTheDocument();
    expect(within(list).queryByRole("button", { name: "Plan B" })).not.toBeInTheDocument();
    expect(within(list).getByRole("button", { name: "Keep" })).toBeInTheDocument();
  });

  it("takes a conversation deleted elsewhere out of the list when it is opened and found gone", async () => {
    const plan = conversation("Plan", new Date());
    serveConversationLists([plan, conversation("Keep", new Date())]);
    server.use(http.get(`${API}/userConversations/:conversationId`, noSuchConversation));
    signInForTest();
    renderApp("/chat");
    const list = await historyList(await openNavigation());
    await userEvent.click(within(list).getByRole("button", { name: "Plan" }));
    expect(
      await screen.findByText("This conversation is not available: it may have been deleted. Start a new chat to go on."),
    ).toBeInTheDocument();
    await waitFor(() => expect(within(list).queryByRole("button", { name: "Plan" })).not.toBeInTheDocument());
    expect(within(list).getByRole("button", { name: "Keep" })).toBeInTheDocument();
  });

  it("archives: the conversation moves from History to Archived", async () => {
    const plan = conversation("Plan", new Date());
    const history: ConversationSummary[] = [plan, conversation("Keep", new Date())];
    const archived: ConversationSummary[] = [];
    serveConversationLists(history, archived);
    server.use(
      http.put(`${API}/userConversations/:conversationId/archive`, () => {
        history.splice(0, 1);
        archived.push({ ...plan, isArchived: true });
        return HttpResponse.json({ ...plan, isArchived: true });
      }),
      http.put(`${API}/userConversations/:conversationId/unArchive`, () => {
        archived.splice(0, 1);
        history.unshift(plan);
        return HttpResponse.json(plan);
      }),
    );
    signInForTest();
    renderApp("/chat");
    const navigation = await openNavigation();
    const list = await historyList(navigation);
    await userEvent.click(within(await openOptions(list, "Plan")).getByRole("menuitem", { name: "Archive" }));
    await waitFor(() => expect(within(list).queryByRole("button", { name: "Plan" })).not.toBeInTheDocument());
    // The focus its row had goes on to the row that took its place.
    await waitFor(() => expect(within(list).getByRole("button", { name: "Keep" })).toHaveFocus());
    await userEvent.click(within(navigation).getByRole("tab", { name: "Archived" }));
    const archivedList = await within(navigation).findByRole("list", { name: "Archived conversations" });
    expect(within(archivedList).getByRole("button", { name: "Plan" })).toBeInTheDocument();

    await userEvent.click(within(await openOptions(archivedList, "Plan")).getByRole("menuitem", { name: "Unarchive" }));
    expect(
      await within(navigation).findByText(
        "You haven’t archived any chats. Archived chats will appear here for future reference.",
      ),
    ).toBeInTheDocument();
    await userEvent.click(within(navigation).getByRole("tab", { name: "History" }));
    expect(await within(await historyList(navigation)).findByRole("button", { name: "Plan" })).toBeInTheDocument();
  });

  it("deletes after confirmation and leaves the conversation if it was open", async () => {
    const plan = conversation("Plan", new Date());
    const history = [plan, conversation("Keep", new Date())];
    serveConversationLists(history);
    const deleted: unknown[] = [];
    server.use(
      http.get(`${API}/userConversations/:conversationId`, () => new HttpResponse(null, { status: 404 })),
      http.delete(`${API}/userConversations/:conversationId`, ({ params }) => {
        deleted.push(params.conversationId);
        history.splice(0, 1);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    signInForTest();
    const { router } = renderApp(`/chat?c=${plan.conversationId}`);
    const list = await historyList(await openNavigation());
    await userEvent.click(within(await openOptions(list, "Plan")).getByRole("menuitem", { name: "Delete" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete chat?" });
    expect(dialog).toHaveTextContent("“Plan” will be deleted.");
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(within(list).queryByRole("button", { name: "Plan" })).not.toBeInTheDocument());
    await waitFor(() => expect(within(list).getByRole("button", { name: "Keep" })).toHaveFocus());
    expect(deleted).toEqual([plan.conversationId]);
    expect(chatStore.getState().currentConversationId).toBeNull();
    await waitFor(() => expect(router.state.location.search).toBe(""));
    // In place of the deleted conversation's entry: Back does not lead to it.
    await router.navigate(-1);
    expect(router.state.location.search).toBe("");
  });

  it("leaves the open conversation when it is archived, as when it is deleted", async () => {
    const plan = conversation("Plan", new Date());
    const history: ConversationSummary[] = [plan, conversation("Keep", new Date())];
    serveConversationLists(history, []);
    server.use(
      http.get(`${API}/userConversations/:conversationId`, () => new HttpResponse(null, { status: 404 })),
      http.put(`${API}/userConversations/:conversationId/archive`, () => {
        history.splice(0, 1);
        return HttpResponse.json({ ...plan, isArchived: true });
      }),
    );
    signInForTest();
    const { router } = renderApp(`/chat?c=${plan.conversationId}`);
    const list = await historyList(await openNavigation());
    await userEvent.click(within(await openOptions(list, "Plan")).getByRole("menuitem", { name: "Archive" }));
    await waitFor(() => expect(within(list).queryByRole("button", { name: "Plan" })).not.toBeInTheDocument());
    expect(chatStore.getState().currentConversationId).toBeNull();
    await waitFor(() => expect(router.state.location.search).toBe(""));
    await router.navigate(-1);
    expect(router.state.location.search).toBe("");
  });

  /** The open conversation as GET /userConversations/{conversationId} answers it (no segments needed here). */
  const serveOpenConversation = (open: ConversationSummary) =>
    server.use(
      http.get(`${API}/userConversations/:conversationId`, () =>
        HttpResponse.json({
          ...open,
          conversationSegmentTree: { selectedLeafSegmentId: null, segmentPath: [], segments: [] },
        }),
      ),
    );

  /** Opens `plan`, then deletes or archives it from its menu; `answer` is the server's reply to that call. */
  async function removeOpenConversation(
    action: "Delete" | "Archive",
    answer: (history: ConversationSummary[]) => Response,
  ) {
    const plan = conversation("Plan", new Date());
    const history: ConversationSummary[] = [plan, conversation("Keep", new Date())];
    serveConversationLists(history, []);
    serveOpenConversation(plan);
    const calls: string[] = [];
    const reply = ({ params }: { params: Record<string, unknown> }) => {
      calls.push(String(params.conversationId));
      return answer(history);
    };
    server.use(
      http.delete(`${API}/userConversations/:conversationId`, reply),
      http.put(`${API}/userConversations/:conversationId/archive`, reply),
    );
    signInForTest();
    const { router, queryClient } = renderApp(`/chat?c=${plan.conversationId}`);
    const list = await historyList(await openNavigation());
    await waitFor(() =>
      expect(within(list).getByRole("button", { name: "Plan" })).toHaveAttribute("aria-current", "page"),
    );
    await userEvent.click(within(await openOptions(list, "Plan")).getByRole("menuitem", { name: action }));
    if (action === "Delete") {
      const dialog = await screen.findByRole("dialog", { name: "Delete chat?" });
      await userEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
      // Until it has gone, the modal dialog hides the rest of the page from the accessibility tree.
      await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    }
    await waitFor(() => expect(calls).toEqual([plan.conversationId]));
    // The server has answered and the mutation is over (its error toast, if any, is up by then).
    await waitFor(() => expect(queryClient.isMutating()).toBe(0));
    return { plan, list, router };
  }

  for (const [action, failed] of [
    ["Delete", "Failed to delete the chat"],
    ["Archive", "Failed to archive the chat"],
  ] as const) {
    it(`takes a conversation another tab deleted out of the list on ${action}: its 404 is no error`, async () => {
      const { list, router } = await removeOpenConversation(action, (history) => {
        history.splice(0, 1);
        return noSuchConversation();
      });
      // Gone already: it is left as after a delete, its row stays away, and no failure is reported.
      await waitFor(() => expect(chatStore.getState().currentConversationId).toBeNull());
      await waitFor(() => expect(router.state.location.search).toBe(""));
      expect(within(list).queryByRole("button", { name: "Plan" })).not.toBeInTheDocument();
      expect(within(list).getByRole("button", { name: "Keep" })).toBeInTheDocument();
      expect(screen.queryByText(failed)).not.toBeInTheDocument();
    });

    it(`keeps the open conversation open and selected when its ${action.toLowerCase()} fails`, async () => {
      const { plan, list, router } = await removeOpenConversation(
        action,
        () => new HttpResponse(null, { status: 500 }),
      );
      expect(await screen.findByText(failed)).toBeInTheDocument();
      expect(within(list).getByRole("button", { name: "Plan" })).toHaveAttribute("aria-current", "page");
      expect(chatStore.getState().currentConversationId).toBe(plan.conversationId);
      expect(router.state.location.search).toBe(`?c=${plan.conversationId}`);
    });
  }

  it("keeps the conversation when the delete is cancelled, the dialog's first focus", async () => {
    serveConversationLists([conversation("Plan", new Date())]);
    signInForTest();
    renderApp("/chat");
    const list = await historyList(await openNavigation());
    await userEvent.click(within(await openOptions(list, "Plan")).getByRole("menuitem", { name: "Delete" }));
    // Cancel has the focus: Enter keeps the conversation.
    const cancel = within(await screen.findByRole("dialog")).getByRole("button", { name: "Cancel" });
    await waitFor(() => expect(cancel).toHaveFocus());
    await userEvent.keyboard("{Enter}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(within(list).getByRole("button", { name: "Plan" })).toBeInTheDocument();
  });

  it("exports the text as the title with forbidden characters removed, plus .txt", async () => {
    serveConversationLists([conversation('Plan: Q3 / "draft"?', new Date())]);
    server.use(
      http.get(`${API}/userConversations/:conversationId/export`, () =>
        HttpResponse.text("Q: hello\nA: hi", { headers: { "Content-Type": "text/plain; charset=utf-8" } }),
      ),
    );
    const original = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
    const blobs: Blob[] = [];
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        blobs.push(blob);
        return `blob:${blobs.length}`;
      },
      revokeObjectURL: () => undefined,
    });
    const downloads: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
    signInForTest();
    renderApp("/chat");
    const list = await historyList(await openNavigation());
    await userEvent.click(
      within(await openOptions(list, 'Plan: Q3 / "draft"?')).getByRole("menuitem", { name: "Export" }),
    );
    await waitFor(() => expect(downloads).toEqual(["Plan Q3  draft.txt"]));
    const exported = blobs.find((blob) => blob.type.startsWith("text/plain"));
    expect(await exported?.text()).toBe("Q: hello\nA: hi");
    click.mockRestore();
    Object.assign(URL, original);
  });
});
