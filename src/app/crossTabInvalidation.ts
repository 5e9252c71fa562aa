import type { InvalidateOptions, InvalidateQueryFilters, QueryClient, QueryKey } from "@tanstack/react-query";

/**
 * The user's lists whose changes other tabs of the same browser learn of: the conversation lists
 * (['userConversations', …]) and what sits under the user (['currentUser', …]: agent lists, prompts).
 * One conversation's own key is not shared: a tab streaming into it reads it when it needs to.
 */
const SHARED_ROOTS: ReadonlySet<unknown> = new Set(["userConversations", "currentUser"]);

function isSharedKey(key: unknown): key is QueryKey {
  return Array.isArray(key) && SHARED_ROOTS.has(key[0]);
}

/**
 * A rename, delete, archive, pin, new prompt or finished answer in one tab invalidates its lists; the
 * same invalidation is sent to the other tabs (BroadcastChannel, same origin, hence the same signed-in
 * user), which read those lists again. A received invalidation is applied without being sent on.
 * Returns the undo (tests).
 */
export function shareListInvalidations(
  queryClient: QueryClient,
  channelName = "agent-chat:list-invalidations",
): () => void {
  if (typeof BroadcastChannel === "undefined") return () => {};
  const channel = new BroadcastChannel(channelName);
  const invalidateHere = queryClient.invalidateQueries.bind(queryClient);
  queryClient.invalidateQueries = (filters?: InvalidateQueryFilters, options?: InvalidateOptions) => {
    if (isSharedKey(filters?.queryKey)) channel.postMessage(filters.queryKey);
    return invalidateHere(filters, options);
  };
  channel.onmessage = (event: MessageEvent<unknown>) => {
    if (isSharedKey(event.data)) void invalidateHere({ queryKey: event.data });
  };
  return () => {
    channel.close();
    queryClient.invalidateQueries = invalidateHere;
  };
}
