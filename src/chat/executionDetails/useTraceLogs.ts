import { useQuery } from "@tanstack/react-query";
import { useContext } from "react";
import { ExecutionDetailsSourceContext } from "./executionDetailsSource";

/**
 * GET .../segments/{id}/traceLogs: what the server did while it answered, in order (from the context's source).
 * Not `enabled` while the answer is still coming: its trace is stored with its end.
 */
export function useTraceLogs(conversationId: string, segmentId: string, enabled: boolean) {
  const source = useContext(ExecutionDetailsSourceContext);
  return useQuery({
    // Under the execution details' key: refreshing those refreshes the trace too.
    queryKey: [...source.key(conversationId, segmentId), "traceLogs"] as const,
    queryFn: () => source.traceLogs(conversationId, segmentId),
    select: (data) => data.traceLogs,
    enabled,
  });
}
