import { useQuery } from "@tanstack/react-query";
import { useContext } from "react";
import { ExecutionDetailsSourceContext } from "./executionDetailsSource";

/** GET .../segments/{id}/traceLogs: what the server did while it answered, in order (from the context's source). */
export function useTraceLogs(conversationId: string, segmentId: string) {
  const source = useContext(ExecutionDetailsSourceContext);
  return useQuery({
    // Under the execution details' key: refreshing those refreshes the trace too.
    queryKey: [...source.key(conversationId, segmentId), "traceLogs"] as const,
    queryFn: () => source.traceLogs(conversationId, segmentId),
    select: (data) => data.traceLogs,
  });
}
