import { useInfiniteQuery } from "@tanstack/react-query";
import { api, unwrap } from "../../app/api/client";
import { chatQueryKeys, type ConversationListKind } from "./chatQueryKeys";
import type { ConversationPage } from "./chatTypes";
import { useChatUserId } from "./useChatUserId";

/** One page of a list, from its start (no token) or after the page that gave the token. */
export function fetchConversationPage(
  list: ConversationListKind,
  search: string,
  continuationToken: string | undefined,
) {
  // Spec §5: the title search is a case-insensitive substring match, done by the server.
  const query = { search: search || undefined, continuationToken };
  return list === "history"
    ? unwrap(api.GET("/userConversations", { params: { query } }))
    : unwrap(api.GET("/userConversations/archived", { params: { query } }));
}

/**
 * How long a list read stays fresh: shown again (the other sub-tab and back, the navigation collapsed and
 * opened, the phone's drawer reopened) it is not read again, every page loaded one after another (61
 * requests for 3,000 conversations scrolled through). What changes it (an answer, a rename, an archive)
 * invalidates it, and it is read at once.
 */
const LIST_FRESH_MS = 30_000;

/**
 * One of the side navigation's conversation lists (History or Archived),
 * newest first, paged with continuationToken (spec §7, §9). While a new
 * search loads, the previous results stay on screen.
 */
export function useConversationList(list: ConversationListKind, search: string, enabled = true) {
  const userId = useChatUserId();
  return useInfiniteQuery({
    queryKey: chatQueryKeys.conversationList(userId, list, search),
    queryFn: ({ pageParam }): Promise<ConversationPage> => fetchConversationPage(list, search, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.continuationToken ?? undefined,
    // A new search keeps the same list's results on screen; switching lists never shows the other one.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === list ? previous : undefined),
    enabled: enabled && userId !== null,
    staleTime: LIST_FRESH_MS,
  });
}
