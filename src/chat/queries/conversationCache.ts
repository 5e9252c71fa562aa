import type { InfiniteData, QueryClient, QueryKey } from "@tanstack/react-query";
import { chatQueryKeys, type ConversationListKind } from "./chatQueryKeys";
import type { ConversationPage, ConversationSummary } from "./chatTypes";

type ListData = InfiniteData<ConversationPage, string | undefined>;

/** What the list caches held before an optimistic change, to put back if the call fails. */
export type ListSnapshot = [QueryKey, ListData | undefined][];

function listFilter(userId: string | null, list?: ConversationListKind) {
  return {
    queryKey: list ? chatQueryKeys.conversationListsOf(userId, list) : [...chatQueryKeys.conversationLists, userId],
  };
}

/** Stops in-flight list fetches (they would overwrite the change) and remembers the lists. */
export async function snapshotLists(queryClient: QueryClient, userId: string | null): Promise<ListSnapshot> {
  await queryClient.cancelQueries(listFilter(userId));
  return queryClient.getQueriesData<ListData>(listFilter(userId));
}

export function restoreLists(queryClient: QueryClient, snapshot: ListSnapshot): void {
  for (const [key, data] of snapshot) queryClient.setQueryData(key, data);
}

function mapItems(
  queryClient: QueryClient,
  userId: string | null,
  list: ConversationListKind | undefined,
  map: (items: ConversationSummary[]) => ConversationSummary[],
): void {
  queryClient.setQueriesData<ListData>(listFilter(userId, list), (data) =>
    data ? { ...data, pages: data.pages.map((page) => ({ ...page, items: map(page.items) })) } : data,
  );
}

/** Applies a change to a conversation wherever it is listed. */
export function patchConversation(
  queryClient: QueryClient,
  userId: string | null,
  conversationId: string,
  patch: Partial<ConversationSummary>,
): void {
  mapItems(queryClient, userId, undefined, (items) =>
    items.map((item) => (item.conversationId === conversationId ? { ...item, ...patch } : item)),
  );
}

/** Takes a conversation out of one list (or every list). */
export function removeConversation(
  queryClient: QueryClient,
  userId: string | null,
  conversationId: string,
  list?: ConversationListKind,
): void {
  mapItems(queryClient, userId, list, (items) => items.filter((item) => item.conversationId !== conversationId));
}

/** Whether a listed conversation comes after another in the lists' order (newest first, then by id, as the server pages). */
function comesAfter(item: ConversationSummary, other: ConversationSummary): boolean {
  const [at, otherAt] = [Date.parse(item.updatedAt), Date.parse(other.updatedAt)];
  return at < otherAt || (at === otherAt && item.conversationId < other.conversationId);
}

/**
 * A list's loaded pages with its first page read again. What an answer changes is at the top: the
 * conversation answered in is the newest (new, or moved up, or renamed with its generated title), so the
 * first page holds every change and the rows below it are still right. A row of the old pages that the
 * first page should hold but does not was taken off the list (an archived conversation asked in again);
 * a row it pushed out stays, below it. As many pages are kept as were loaded, so that a later full read
 * reads as deep; the last keeps its continuationToken, unless nothing was left below the first page.
 */
export function mergeListHead(cached: ListData, head: ConversationPage): ListData {
  const headIds = new Set(head.items.map((item) => item.conversationId));
  const last = head.items.at(-1);
  const below =
    head.continuationToken && last
      ? cached.pages
          .flatMap((page) => page.items)
          .filter((item) => !headIds.has(item.conversationId) && comesAfter(item, last))
      : [];
  if (below.length === 0) return { pages: [head], pageParams: cached.pageParams.slice(0, 1) };
  const later = cached.pages.slice(1);
  const lastToken = cached.pages.at(-1)!.continuationToken;
  // One page loaded: what the first page pushed out of it starts the next, still to be read after it.
  if (later.length === 0)
    return {
      pages: [{ items: [...head.items, ...below], continuationToken: lastToken }],
      pageParams: cached.pageParams,
    };
  // The rows below fill the later pages as they were loaded, the last taking the rest.
  let taken = 0;
  const pages = later.map((page, index) => {
    const items = index === later.length - 1 ? below.slice(taken) : below.slice(taken, taken + page.items.length);
    taken += items.length;
    return { items, continuationToken: page.continuationToken };
  });
  return { pages: [head, ...pages], pageParams: cached.pageParams };
}
