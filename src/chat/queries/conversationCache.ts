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
