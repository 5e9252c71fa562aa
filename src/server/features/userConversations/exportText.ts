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
 * What went with a question, for a reader of the text who cannot see it, one line each: the documents
 * by name, the images counted (their stored names are the product's own), and those deleted since.
 * In brackets, as no question's text is, and a line each, as a file's name may hold any punctuation.
 */
function attachedLines(segment: Segment): string[] {
  const gone =
    segment.attachments.length -
    segment.attachmentFiles.length +
    segment.visionImages.length -
    segment.visionImageFiles.length;
  const images = segment.visionImageFiles.length;
  return [
    ...segment.attachmentFiles.map((file) => file.originalFileName),
    ...(images ? [images === 1 ? "1 image" : `${images} images`] : []),
    ...(gone > 0 ? [gone === 1 ? "1 file deleted since" : `${gone} files deleted since`] : []),
  ].map((part) => `[Attached: ${part}]`);
}

export function exportText(conversation: components["schemas"]["Conversation"]): string {
  const lines = [conversation.title, `Agent: ${conversation.gptSystem.name}`, `Created: ${conversation.createdAt}`, ""];
  for (const segment of conversation.conversationSegmentTree.segments) {
    lines.push("User:", segment.question, ...attachedLines(segment), "");
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
