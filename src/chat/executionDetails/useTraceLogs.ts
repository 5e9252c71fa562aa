import { useQuery } from "@tanstack/react-query";
import { api, unwrap } from "../../app/api/client";
import { conversationKeys } from "../conversation/conversationKeys";

/** GET .../segments/{id}/traceLogs: what the server did while it answered, in order. */
export function useTraceLogs(conversationId: string, segmentId: string) {
  return useQuery({
    // Under the execution details' key: refreshing the conversation refreshes its trace too.
    queryKey: [...conversationKeys.executionDetails(conversationId, segmentId), "traceLogs"] as const,
    queryFn: () =>
      unwrap(
        api.GET("/userConversations/{conversationId}/segments/{conversationSegmentId}/traceLogs", {
          params: { path: { conversationId, conversationSegmentId: segmentId } },
        }),
      ),
    select: (data) => data.traceLogs,
  });
}
