/** Export as text (spec sections 1 and 5): the selected path, questions and answers, with a safe file name. */
import type { components } from "../../../generated/api";

/** Spec section 5: the title plus .txt, with < > : " / \ | ? * removed. */
export function exportFileName(title: string): string {
  // Control characters are removed too: they are not allowed in a Content-Disposition header.
  // eslint-disable-next-line no-control-regex
  const cleaned = title.replace(/[<>:"/\\|?*\u0000-\u001f\u007f]/g, "").trim();
  return `${cleaned || "conversation"}.txt`;
}

const STATUS_MARKERS: Record<components["schemas"]["SegmentStatus"], string> = {
  Complete: "",
  Aborted: " (stopped)",
  Failed: " (failed)",
  Pending: " (still being written)",
  Streaming: " (still being written)",
};

type Segment = components["schemas"]["ConversationSegment"];

/**
 * What went with a question, for a reader of the text who cannot see it: the documents by name, the
 * images counted (their stored names are the product's own), and those deleted since. Semicolons
 * separate the parts: a file's name may hold a comma.
 */
function attachedLine(segment: Segment): string | null {
  const gone =
    segment.attachments.length -
    segment.attachmentFiles.length +
    segment.visionImages.length -
    segment.visionImageFiles.length;
  const images = segment.visionImageFiles.length;
  const parts = [
    ...segment.attachmentFiles.map((file) => file.originalFileName),
    ...(images ? [images === 1 ? "1 image" : `${images} images`] : []),
    ...(gone > 0 ? [gone === 1 ? "1 file deleted since" : `${gone} files deleted since`] : []),
  ];
  return parts.length ? `Attached: ${parts.join("; ")}` : null;
}

export function exportText(conversation: components["schemas"]["Conversation"]): string {
  const lines = [conversation.title, `Agent: ${conversation.gptSystem.name}`, `Created: ${conversation.createdAt}`, ""];
  for (const segment of conversation.conversationSegmentTree.segments) {
    const attached = attachedLine(segment);
    lines.push("User:", segment.question, ...(attached ? [attached] : []), "");
    // The answer with why it ends where it does (the provider's error, the model's length limit), as the chat shows it.
    const body = [segment.answer, segment.errorText].filter(Boolean).join("\n\n");
    lines.push(`${conversation.gptSystem.name}${STATUS_MARKERS[segment.status]}:`, body, "");
  }
  return lines.join("\n");
}

/** RFC 6266 / 5987: an ASCII fallback plus the UTF-8 name. */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
