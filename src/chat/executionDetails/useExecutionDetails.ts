import { useQuery } from "@tanstack/react-query";
import { api, unwrap } from "../../app/api/client";
import { conversationKeys } from "../conversation/conversationKeys";

/** GET .../segments/{id}/executionDetails: model, tokens, latency and steps of one answer. */
export function useExecutionDetails(conversationId: string | null, segmentId: string | null) {
  return useQuery({
    queryKey: conversationKeys.executionDetails(conversationId ?? "", segmentId ?? ""),
    queryFn: () =>
      unwrap(
        api.GET("/userConversations/{conversationId}/segments/{conversationSegmentId}/executionDetails", {
          params: { path: { conversationId: conversationId!, conversationSegmentId: segmentId! } },
        }),
      ),
    enabled: conversationId !== null && segmentId !== null,
  });
}
