import { useQuery } from "@tanstack/react-query";
import { useContext } from "react";
import type { components } from "../../generated/api";
import { ExecutionDetailsSourceContext } from "./executionDetailsSource";

type SegmentStatus = components["schemas"]["SegmentStatus"];

/** How often an answer still coming is read again: its status, steps and time to first token change meanwhile. */
const WHILE_ANSWERING_MS = 1000;

export const isAnswerUnfinished = (status: SegmentStatus | undefined) => status === "Pending" || status === "Streaming";

/** GET .../segments/{id}/executionDetails: model, tokens, latency and steps of one answer (from the context's source). */
export function useExecutionDetails(conversationId: string | null, segmentId: string | null) {
  const source = useContext(ExecutionDetailsSourceContext);
  return useQuery({
    queryKey: source.key(conversationId ?? "", segmentId ?? ""),
    queryFn: () => source.details(conversationId!, segmentId!),
    enabled: conversationId !== null && segmentId !== null,
    refetchInterval: (query) => (isAnswerUnfinished(query.state.data?.status) ? WHILE_ANSWERING_MS : false),
  });
}
