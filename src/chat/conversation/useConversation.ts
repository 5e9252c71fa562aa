import { useQuery } from "@tanstack/react-query";
import { api, unwrap } from "../../app/api/client";
import { preloadMarkdown } from "../markdown/markdownLoader";
import { conversationKeys } from "./conversationKeys";

/** GET /userConversations/{id}: the conversation with the segments of its selected path. */
export function useConversation(conversationId: string | null) {
  return useQuery({
    queryKey: conversationKeys.one(conversationId ?? ""),
    queryFn: () => {
      // Its answers are markdown: the renderer loads while the conversation does.
      void preloadMarkdown();
      return unwrap(
        api.GET("/userConversations/{conversationId}", { params: { path: { conversationId: conversationId! } } }),
      );
    },
    enabled: conversationId !== null,
  });
}
