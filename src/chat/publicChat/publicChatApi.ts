/**
 * The public chat's calls (tag publicConversations): no product token is needed; the visitor's
 * session identifier goes in the X-Session-Identifier header (and in the path of the agent's
 * details and prompts, as the contract names them).
 */
import { api, unwrap } from "../../app/api/client";
import type { components } from "../../generated/api";
import type { UploadOptions } from "../attachments/uploadFiles";
import { uploadFetch } from "../attachments/uploadFetch";

type Citation = components["schemas"]["Citation"];
type PostQuestionRequest = components["schemas"]["PostQuestionRequest"];

const sessionHeader = (sessionIdentifier: string) => ({ "X-Session-Identifier": sessionIdentifier });

export function createPublicSession(gptPublicEndpoint: string) {
  return unwrap(
    api.POST("/publicConversations/byGptPublicEndpoint/{gptPublicEndpoint}/sessions", {
      params: { path: { gptPublicEndpoint } },
    }),
  );
}

export function fetchPublicAgentDetails(sessionIdentifier: string) {
  return unwrap(
    api.GET("/publicConversations/gptSystemDetailsForConversation/{sessionIdentifier}", {
      params: { path: { sessionIdentifier } },
    }),
  );
}

export function fetchPublicAgentPrompts(sessionIdentifier: string) {
  return unwrap(
    api.GET("/publicConversations/promptsForConversation/{sessionIdentifier}", {
      params: { path: { sessionIdentifier } },
    }),
  );
}

export function fetchPublicConversations(sessionIdentifier: string) {
  return unwrap(api.GET("/publicConversations", { params: { header: sessionHeader(sessionIdentifier) } }));
}

export function fetchPublicConversation(sessionIdentifier: string, conversationId: string) {
  return unwrap(
    api.GET("/publicConversations/{conversationId}", {
      params: { path: { conversationId }, header: sessionHeader(sessionIdentifier) },
    }),
  );
}

/** Starts a conversation (conversationId null) or asks in one; the answer is an event stream. */
export function postPublicQuestion(
  target: { gptPublicEndpoint: string; sessionIdentifier: string; conversationId: string | null },
  body: PostQuestionRequest,
  signal: AbortSignal,
) {
  const header = sessionHeader(target.sessionIdentifier);
  const options = { body, parseAs: "stream" as const, signal };
  return target.conversationId === null
    ? api.POST("/publicConversations/byGptPublicEndpoint/{gptPublicEndpoint}", {
        params: { path: { gptPublicEndpoint: target.gptPublicEndpoint }, header },
        ...options,
      })
    : api.POST("/publicConversations/{conversationId}/segments", {
        params: { path: { conversationId: target.conversationId }, header },
        ...options,
      });
}

/** Shows another branch: the server selects the newest leaf below the segment and answers with the conversation. */
export function selectPublicBranch(sessionIdentifier: string, conversationId: string, conversationSegmentId: string) {
  return unwrap(
    api.PUT("/publicConversations/{conversationId}/updateSelectedLeafSegmentId", {
      params: { path: { conversationId }, header: sessionHeader(sessionIdentifier) },
      body: { conversationSegmentId },
    }),
  );
}

export function exportPublicConversation(sessionIdentifier: string, conversationId: string) {
  return unwrap(
    api.GET("/publicConversations/{conversationId}/export", {
      params: { path: { conversationId }, header: sessionHeader(sessionIdentifier) },
      parseAs: "text",
    }),
  );
}

/** A citation fetcher for openCitationSource, bound to the visitor's session. */
export function publicCitationFetcher(sessionIdentifier: string) {
  return (conversationId: string, conversationSegmentId: string, citation: Citation) =>
    api.GET("/publicConversations/{conversationId}/segments/{conversationSegmentId}/citations", {
      params: {
        path: { conversationId, conversationSegmentId },
        query: { title: citation.title, path: citation.path },
        header: sessionHeader(sessionIdentifier),
      },
      parseAs: "blob",
    });
}

/** An image for a vision model, owned by the visitor's session (the signed-in chat's upload, with the session). */
export function uploadPublicVisionImage(sessionIdentifier: string, file: File, { onProgress, signal }: UploadOptions) {
  return unwrap(
    api.POST("/publicConversations/VisionImages/Files", {
      params: { header: sessionHeader(sessionIdentifier) },
      // openapi-typescript types a binary part as string; the serializer sends the File itself.
      body: { file: file.name },
      bodySerializer: () => {
        const form = new FormData();
        form.append("file", file, file.name);
        return form;
      },
      fetch: uploadFetch(onProgress),
      signal,
    }),
  );
}

/** One of the session's images (or its thumbnail), base64-encoded. */
export function fetchPublicVisionImage(sessionIdentifier: string, visionImageId: string, blobFileName: string) {
  return unwrap(
    api.GET("/publicConversations/VisionImages/{visionImageId}/Files/{blobFileName}/base64", {
      params: { path: { visionImageId, blobFileName }, header: sessionHeader(sessionIdentifier) },
    }),
  );
}
