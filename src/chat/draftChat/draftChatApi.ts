/**
 * The calls of the test chat against a configuration state (tag configStateConversations):
 * the administrators' under /admin/configStates, a personal agent owner's under /configStates.
 */
import { api } from "../../app/api/client";
import type { components } from "../../generated/api";

type Citation = components["schemas"]["Citation"];
type PostQuestionRequest = components["schemas"]["PostQuestionRequest"];

/** Which configuration answers, and through whose operations. */
export interface DraftChatTarget {
  scope: "admin" | "personal";
  configStateId: string;
}

/** Starts a test conversation (conversationId null) or asks in one; the answer is an event stream. */
export function postDraftQuestion(
  target: DraftChatTarget,
  conversationId: string | null,
  body: PostQuestionRequest,
  signal: AbortSignal,
) {
  const { configStateId } = target;
  const options = { body, parseAs: "stream" as const, signal };
  if (target.scope === "admin")
    return conversationId === null
      ? api.POST("/admin/configStates/{configStateId}/conversations", {
          params: { path: { configStateId } },
          ...options,
        })
      : api.POST("/admin/configStates/{configStateId}/conversations/{conversationId}/segments", {
          params: { path: { configStateId, conversationId } },
          ...options,
        });
  return conversationId === null
    ? api.POST("/configStates/{configStateId}/conversations", { params: { path: { configStateId } }, ...options })
    : api.POST("/configStates/{configStateId}/conversations/{conversationId}/segments", {
        params: { path: { configStateId, conversationId } },
        ...options,
      });
}

/** The test conversation as plain text (saved as <title>.txt). */
export function exportDraftConversation(target: DraftChatTarget, conversationId: string) {
  const path = { configStateId: target.configStateId, conversationId };
  return target.scope === "admin"
    ? api.GET("/admin/configStates/{configStateId}/conversations/{conversationId}/export", {
        params: { path },
        parseAs: "text",
      })
    : api.GET("/configStates/{configStateId}/conversations/{conversationId}/export", {
        params: { path },
        parseAs: "text",
      });
}

/** A cited file of a test answer, as a blob; spec §7: the personal-agent download names gptSystemConfigurationStateId. */
export function fetchDraftCitation(
  target: DraftChatTarget,
  conversationId: string,
  conversationSegmentId: string,
  citation: Citation,
) {
  const query = { title: citation.title, path: citation.path };
  if (target.scope === "admin")
    return api.GET(
      "/admin/configStates/{configStateId}/conversations/{conversationId}/segments/{conversationSegmentId}/citations",
      {
        params: { path: { configStateId: target.configStateId, conversationId, conversationSegmentId }, query },
        parseAs: "blob",
      },
    );
  return api.GET("/configStates/conversations/{conversationId}/segments/{conversationSegmentId}/citations", {
    params: {
      path: { conversationId, conversationSegmentId },
      query: { ...query, gptSystemConfigurationStateId: target.configStateId },
    },
    parseAs: "blob",
  });
}
