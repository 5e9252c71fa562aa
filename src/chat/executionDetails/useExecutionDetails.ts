import { useQuery } from "@tanstack/react-query";
import { useContext } from "react";
import { ExecutionDetailsSourceContext } from "./executionDetailsSource";

/** GET .../segments/{id}/executionDetails: model, tokens, latency and steps of one answer (from the context's source). */
export function useExecutionDetails(conversationId: string | null, segmentId: string | null) {
  const source = useContext(ExecutionDetailsSourceContext);
  return useQuery({
    queryKey: source.key(conversationId ?? "", segmentId ?? ""),
    queryFn: () => source.details(conversationId!, segmentId!),
    enabled: conversationId !== null && segmentId !== null,
  });
}
