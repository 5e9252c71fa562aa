/**
 * The two uploads of the composer, through the typed client: POST
 * /userConversations/VisionImages/Files (an image for a vision model) and POST
 * /attachments (a document, with its attachmentType and context). Failures
 * reject with the client's ApiError (problem+json body in `data`).
 */
import { api, unwrap } from "../../app/api/client";
import type { components } from "../../generated/api";
import { uploadFetch } from "./uploadFetch";
import type { UploadProgress } from "./xhrFetch";

type Schemas = components["schemas"];

export interface UploadOptions {
  onProgress: UploadProgress;
  signal: AbortSignal;
}

/** The text fields go before the file: the server reads the parts in order. */
function formData(fields: Record<string, string>, file: File): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append("file", file, file.name);
  return form;
}

export function uploadVisionImage(file: File, { onProgress, signal }: UploadOptions): Promise<Schemas["VisionImage"]> {
  return unwrap(
    api.POST("/userConversations/VisionImages/Files", {
      // openapi-typescript types a binary part as string; the serializer sends the File itself.
      body: { file: file.name },
      bodySerializer: () => formData({}, file),
      fetch: uploadFetch(onProgress),
      signal,
    }),
  );
}

export function uploadAttachment(
  file: File,
  attachmentType: Schemas["AttachmentType"],
  { onProgress, signal }: UploadOptions,
): Promise<Schemas["Attachment"]> {
  // Spec §3: files attached in the composer belong to the conversation (GptSystem is for an agent's own files).
  const context: Schemas["AttachmentContext"] = "Conversation";
  return unwrap(
    api.POST("/attachments", {
      body: { file: file.name, attachmentType, context },
      bodySerializer: () => formData({ attachmentType, context }, file),
      fetch: uploadFetch(onProgress),
      signal,
    }),
  );
}
