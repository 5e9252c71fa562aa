import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";

/**
 * What the chat shows that an administrator's write may change: the user's lists and what sits
 * under the user (['currentUser', …]: agent lists, roles), an agent's details and prompts, and
 * its avatar (kept for the session otherwise).
 */
const CHAT_KEYS = [["currentUser"], ["gptSystemForConversation"], ["gptSystemAvatar"]] as const;

function refreshWhatTheChatShows(queryClient: QueryClient): Promise<unknown> {
  return Promise.all(CHAT_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/**
 * Every write the administration makes (react-admin's saves and deletes, the agent pages' own
 * mutations: a name, a prompt, an avatar, a published configuration) has the chat read again what
 * it shows, here and in the browser's other tabs (src/app/crossTabInvalidation.ts).
 */
export function useChatRefreshAfterAdminWrites(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      queryClient.getMutationCache().subscribe((event) => {
        if (event.type === "updated" && event.action.type === "success") void refreshWhatTheChatShows(queryClient);
      }),
    [queryClient],
  );
}
