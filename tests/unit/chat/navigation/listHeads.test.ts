/**
 * After an answer, a list on screen reads its first page alone and merges it into the pages it has
 * loaded (refreshListHeads, mergeListHead), instead of reading every loaded page again.
 */
import { InfiniteQueryObserver, QueryClient, type InfiniteData } from "@tanstack/react-query";
import { http, HttpResponse } from "msw";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { chatQueryKeys } from "../../../../src/chat/queries/chatQueryKeys";
import type { ConversationPage } from "../../../../src/chat/queries/chatTypes";
import { mergeListHead } from "../../../../src/chat/queries/conversationCache";
import { refreshListHeads } from "../../../../src/chat/queries/refreshListHeads";
import { fetchConversationPage } from "../../../../src/chat/queries/useConversationList";
import { API } from "../../utils/handlers";
import { server } from "../../utils/server";
import { conversation, type ConversationSummary } from "./navigationFixtures";

type ListData = InfiniteData<ConversationPage, string | undefined>;

/** Conversations updated a minute apart, the first the newest. */
function conversations(count: number, from = Date.UTC(2026, 10, 20, 12)): ConversationSummary[] {
  return Array.from({ length: count }, (_, index) =>
    conversation(`Chat ${index}`, new Date(from - index * 60_000).toISOString()),
  );
}

const titles = (data: { pages: ConversationPage[] } | undefined) =>
  data?.pages.flatMap((page) => page.items.map((item) => item.title));
const token = (item: ConversationSummary) => `after:${item.conversationId}`;

/** Pages of `size` as the server gives them: the token names the page's last row. */
function pagesOf(items: ConversationSummary[], size: number, count: number): ListData {
  const pages = Array.from({ length: count }, (_, index) => {
    const rows = items.slice(index * size, (index + 1) * size);
    return { items: rows, continuationToken: items.length > (index + 1) * size ? token(rows.at(-1)!) : null };
  });
  return {
    pages,
    pageParams: pages.map((_, index) => (index === 0 ? undefined : pages[index - 1]!.continuationToken!)),
  };
}

describe("mergeListHead", () => {
  it("puts a new conversation on top and keeps the row it pushes out of the first page, below it", () => {
    const rows = conversations(6);
    const cached = pagesOf(rows, 2, 3);
    const added = conversation("New", new Date(Date.UTC(2026, 10, 20, 13)).toISOString());
    const merged = mergeListHead(cached, pagesOf([added, ...rows], 2, 1).pages[0]!);
    expect(titles(merged)).toEqual(["New", "Chat 0", "Chat 1", "Chat 2", "Chat 3", "Chat 4", "Chat 5"]);
    // As many pages as were loaded; the next page is read after the last row loaded, as before.
    expect(merged.pages).toHaveLength(3);
    expect(merged.pageParams).toEqual(cached.pageParams);
    expect(merged.pages.at(-1)!.continuationToken).toBe(cached.pages.at(-1)!.continuationToken);
  });

  it("keeps the row pushed out of a single page loaded, and reads on after it", () => {
    const rows = conversations(4);
    const cached = pagesOf(rows, 2, 1);
    const added = conversation("New", new Date(Date.UTC(2026, 10, 20, 13)).toISOString());
    const merged = mergeListHead(cached, pagesOf([added, ...rows], 2, 1).pages[0]!);
    expect(merged).toEqual({
      pages: [{ items: [added, rows[0], rows[1]], continuationToken: token(rows[1]!) }],
      pageParams: [undefined],
    });
  });

  it("moves a conversation answered in from deep in the list to the top, once", () => {
    const rows = conversations(6);
    const moved = {
      ...rows[4]!,
      updatedAt: new Date(Date.UTC(2026, 10, 20, 13)).toISOString(),
      title: "Chat 4, named",
    };
    const fresh = [moved, ...rows.filter((row) => row !== rows[4])];
    const merged = mergeListHead(pagesOf(rows, 2, 3), pagesOf(fresh, 2, 1).pages[0]!);
    expect(titles(merged)).toEqual(["Chat 4, named", "Chat 0", "Chat 1", "Chat 2", "Chat 3", "Chat 5"]);
  });

  it("drops a row the first page should hold and does not: it left the list (an archived conversation asked in again)", () => {
    const rows = conversations(6);
    const fresh = rows.filter((row) => row !== rows[1]);
    const merged = mergeListHead(pagesOf(rows, 2, 3), pagesOf(fresh, 2, 1).pages[0]!);
    expect(titles(merged)).toEqual(["Chat 0", "Chat 2", "Chat 3", "Chat 4", "Chat 5"]);
  });

  it("is the first page alone when the whole list fits in it", () => {
    const rows = conversations(3);
    const head = { items: rows.slice(0, 2), continuationToken: null };
    const merged = mergeListHead(pagesOf(rows, 2, 2), head);
    expect(merged).toEqual({ pages: [head], pageParams: [undefined] });
  });
});

describe("refreshListHeads", () => {
  let stored: ConversationSummary[];
  let requests: (string | null)[];
  let queryClient: QueryClient;
  const stop: (() => void)[] = [];

  beforeEach(() => {
    stored = conversations(7);
    requests = [];
    queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    // Pages of 2, as the server keyset-pages them.
    server.use(
      http.get(`${API}/userConversations`, ({ request }) => {
        const after = new URL(request.url).searchParams.get("continuationToken");
        requests.push(after);
        const start = after ? stored.findIndex((item) => token(item) === after) + 1 : 0;
        const items = stored.slice(start, start + 2);
        return HttpResponse.json({ items, continuationToken: stored.length > start + 2 ? token(items.at(-1)!) : null });
      }),
    );
  });
  afterEach(() => stop.splice(0).forEach((unsubscribe) => unsubscribe()));

  /** The History list as the navigation holds it, on screen, with `pages` pages loaded. */
  async function shownHistory(pages: number) {
    const observer = new InfiniteQueryObserver(queryClient, {
      queryKey: chatQueryKeys.conversationList("user-1", "history", ""),
      queryFn: ({ pageParam }) => fetchConversationPage("history", "", pageParam),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last: ConversationPage) => last.continuationToken ?? undefined,
    });
    stop.push(observer.subscribe(() => {}));
    await expect.poll(() => observer.getCurrentResult().isSuccess).toBe(true);
    for (let page = 1; page < pages; page++) await observer.fetchNextPage();
    requests.length = 0;
    return observer;
  }

  it("reads only the first page of a list on screen, and shows every loaded row in the server's order", async () => {
    const observer = await shownHistory(3);
    stored.unshift(conversation("New", new Date(Date.UTC(2026, 10, 20, 13)).toISOString()));

    refreshListHeads(queryClient);
    await expect
      .poll(() => titles(observer.getCurrentResult().data))
      .toEqual(["New", ...stored.slice(1, 7).map((c) => c.title)]);
    expect(requests).toEqual([null]);

    // The next page goes on after the last row loaded, with nothing missed or twice.
    await observer.fetchNextPage();
    expect(titles(observer.getCurrentResult().data)).toEqual(stored.map((c) => c.title));
  });

  it("reads a list of one page again whole, and leaves a list not on screen to be read when shown", async () => {
    const observer = await shownHistory(1);
    const archivedKey = chatQueryKeys.conversationList("user-1", "archived", "");
    queryClient.setQueryData(archivedKey, pagesOf(conversations(2), 2, 1));
    stored.unshift(conversation("New", new Date(Date.UTC(2026, 10, 20, 13)).toISOString()));

    refreshListHeads(queryClient);
    await expect.poll(() => titles(observer.getCurrentResult().data)).toEqual(["New", "Chat 0"]);
    expect(requests).toEqual([null]);
    expect(queryClient.getQueryState(archivedKey)?.isInvalidated).toBe(true);
  });
});
