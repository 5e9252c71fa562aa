import type { InvalidateOptions, InvalidateQueryFilters, QueryClient, QueryKey } from "@tanstack/react-query";

/**
 * What other tabs of the same browser learn of when it changes: the user's conversation lists
 * (['userConversations', …]), what sits under the user (['currentUser', …]: agent lists, prompts),
 * and what the chat shows of an agent (its details and prompts, its avatar), which an administrator
 * may change. One conversation's own key is not shared: a tab streaming into it reads it when it needs to.
 */
const SHARED_ROOTS: ReadonlySet<unknown> = new Set([
  "userConversations",
  "currentUser",
  "gptSystemForConversation",
  "gptSystemAvatar",
]);

function isSharedKey(key: unknown): key is QueryKey {
  return Array.isArray(key) && SHARED_ROOTS.has(key[0]);
}

/**
 * A rename, delete, archive, pin, new prompt, finished answer or an agent's change in one tab
 * invalidates those; the same invalidation is sent to the other tabs (BroadcastChannel, same origin,
 * hence the same signed-in user), which read them again. A received invalidation is applied without
 * being sent on.
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
