import type { InfiniteData, QueryClient } from "@tanstack/react-query";
import { chatQueryKeys } from "./chatQueryKeys";
import type { ConversationPage } from "./chatTypes";
import { mergeListHead } from "./conversationCache";
import { fetchConversationPage } from "./useConversationList";

type ListData = InfiniteData<ConversationPage, string | undefined>;
type ListKey = ReturnType<typeof chatQueryKeys.conversationList>;

/**
 * The conversation lists after an answer began or ended: only their first page can have changed
 * (mergeListHead), so a list on screen reads that page alone, where invalidating it would read every
 * loaded page again one after another (31 requests for 1,500 rows scrolled into view, twice per new
 * conversation). Lists not on screen, and the other tabs' (crossTabInvalidation), are marked stale and
 * read whole when shown. A list with one page loaded, or being read already, is simply read again.
 */
export function refreshListHeads(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: chatQueryKeys.conversationLists, refetchType: "none" });
  const readWhole = (queryKey: ListKey) => void queryClient.refetchQueries({ queryKey, exact: true });
  for (const query of queryClient
    .getQueryCache()
    .findAll({ queryKey: chatQueryKeys.conversationLists, type: "active" })) {
    const queryKey = query.queryKey as ListKey;
    const data = query.state.data as ListData | undefined;
    if (!data || data.pages.length < 2 || query.state.fetchStatus === "fetching") {
      readWhole(queryKey);
      continue;
    }
    const [, , list, search] = queryKey;
    fetchConversationPage(list, search, undefined).then(
      (head) => {
        // A next page being read meanwhile would put its pages back over the merge when it lands.
        if (query.state.fetchStatus === "fetching") readWhole(queryKey);
        else queryClient.setQueryData<ListData>(queryKey, (current) => current && mergeListHead(current, head));
      },
      () => readWhole(queryKey),
    );
  }
}
