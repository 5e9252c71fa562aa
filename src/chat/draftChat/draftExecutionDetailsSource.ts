/**
 * The test chat's answers in the execution details drawer: the configuration state's own
 * executionDetails and traceLogs operations (tag configStateConversations), the administrators'
 * or the personal agent owner's.
 */
import { api, unwrap } from "../../app/api/client";
import type { ExecutionDetailsSource } from "../executionDetails/executionDetailsSource";
import type { DraftChatTarget } from "./draftChatApi";

export function draftExecutionDetailsSource({ scope, configStateId }: DraftChatTarget): ExecutionDetailsSource {
  const path = (conversationId: string, conversationSegmentId: string) => ({
    configStateId,
    conversationId,
    conversationSegmentId,
  });
  return {
    key: (conversationId, segmentId) =>
      ["draftChat", scope, configStateId, conversationId, "executionDetails", segmentId] as const,
    details: (conversationId, segmentId) =>
      scope === "admin"
        ? unwrap(
            api.GET(
              "/admin/configStates/{configStateId}/conversations/{conversationId}/segments/{conversationSegmentId}/executionDetails",
              { params: { path: path(conversationId, segmentId) } },
            ),
          )
        : unwrap(
            api.GET(
              "/configStates/{configStateId}/conversations/{conversationId}/segments/{conversationSegmentId}/executionDetails",
              { params: { path: path(conversationId, segmentId) } },
            ),
          ),
    traceLogs: (conversationId, segmentId) =>
      scope === "admin"
        ? unwrap(
            api.GET(
              "/admin/configStates/{configStateId}/conversations/{conversationId}/segments/{conversationSegmentId}/traceLogs",
              { params: { path: path(conversationId, segmentId) } },
            ),
          )
        : unwrap(
            api.GET(
              "/configStates/{configStateId}/conversations/{conversationId}/segments/{conversationSegmentId}/traceLogs",
              { params: { path: path(conversationId, segmentId) } },
            ),
          ),
  };
}
