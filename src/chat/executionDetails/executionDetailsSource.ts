/**
 * Where the execution details drawer reads an answer's figures and trace log: the chat's own
 * conversations by default; a test chat (configuration states) provides its own operations.
 */
import { createContext } from "react";
import { api, unwrap } from "../../app/api/client";
import type { components } from "../../generated/api";
import { conversationKeys } from "../conversation/conversationKeys";

type Schemas = components["schemas"];

export interface ExecutionDetailsSource {
  /** The query key of one answer's execution details; its trace log is cached under it too. */
  key(conversationId: string, segmentId: string): readonly unknown[];
  details(conversationId: string, segmentId: string): Promise<Schemas["ExecutionDetails"]>;
  traceLogs(conversationId: string, segmentId: string): Promise<Schemas["TraceLogs"]>;
}

/** The signed-in chat's conversations (tag userConversations). */
export const userConversationDetailsSource: ExecutionDetailsSource = {
  // Under the conversation's key: refreshing the conversation refreshes its answers' details too.
  key: (conversationId, segmentId) => conversationKeys.executionDetails(conversationId, segmentId),
  details: (conversationId, segmentId) =>
    unwrap(
      api.GET("/userConversations/{conversationId}/segments/{conversationSegmentId}/executionDetails", {
        params: { path: { conversationId, conversationSegmentId: segmentId } },
      }),
    ),
  traceLogs: (conversationId, segmentId) =>
    unwrap(
      api.GET("/userConversations/{conversationId}/segments/{conversationSegmentId}/traceLogs", {
        params: { path: { conversationId, conversationSegmentId: segmentId } },
      }),
    ),
};

export const ExecutionDetailsSourceContext = createContext<ExecutionDetailsSource>(userConversationDetailsSource);
