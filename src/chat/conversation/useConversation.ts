import { useQuery } from "@tanstack/react-query";
import { api, unwrap } from "../../app/api/client";
import { conversationKeys } from "./conversationKeys";

/** GET /userConversations/{id}: the conversation with the segments of its selected path. */
export function useConversation(conversationId: string | null) {
  return useQuery({
    queryKey: conversationKeys.one(conversationId ?? ""),
    queryFn: () =>
      unwrap(api.GET("/userConversations/{conversationId}", { params: { path: { conversationId: conversationId! } } })),
    enabled: conversationId !== null,
  });
}
