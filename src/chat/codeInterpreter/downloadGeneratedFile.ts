/**
 * Downloads a file the code interpreter wrote: GET …/segments/{id}/openAIFiles/{fileId}
 * through the typed client (the product token and the 401/503 rules apply), saved
 * under its own name — never opened in the product's origin.
 */
import { api } from "../../app/api/client";
import { isApiError } from "../../app/api/errors";
import { logger } from "../../app/logger";
import type { components } from "../../generated/api";
import { fileNameFromDisposition } from "../citations/fileNameFromDisposition";

type FileReference = components["schemas"]["OpenAIFileReference"];

/** Long enough for the browser to have read the blob into the download. */
const OBJECT_URL_LIFETIME_MS = 60_000;

export async function downloadGeneratedFile(conversationId: string, conversationSegmentId: string, file: FileReference): Promise<void> {
  const { data, response } = await api
    .GET("/userConversations/{conversationId}/segments/{conversationSegmentId}/openAIFiles/{fileId}", {
      params: { path: { conversationId, conversationSegmentId, fileId: file.fileId } },
      parseAs: "blob",
    })
    .catch((error: unknown) => {
      // Spec §8: blob fetch failures say which status it was.
      if (isApiError(error)) throw new Error(`Failed to fetch blob, status: ${error.status}`, { cause: error });
      throw error;
    });
  if (!data) throw new Error(`Failed to fetch blob, status: ${response.status}`);
  let url: string;
  try {
    url = URL.createObjectURL(data);
  } catch (error) {
    logger.error("Error fetching object URL.", error);
    throw new Error("Error fetching object URL.", { cause: error });
  }
  setTimeout(() => URL.revokeObjectURL(url), OBJECT_URL_LIFETIME_MS);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileNameFromDisposition(response.headers.get("Content-Disposition")) ?? file.fileName;
  link.rel = "noopener";
  document.body.append(link);
  link.click();
  link.remove();
}
