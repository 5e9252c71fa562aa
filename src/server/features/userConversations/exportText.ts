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

export function exportText(conversation: components["schemas"]["Conversation"]): string {
  const lines = [conversation.title, `Agent: ${conversation.gptSystem.name}`, `Created: ${conversation.createdAt}`, ""];
  for (const segment of conversation.conversationSegmentTree.segments) {
    lines.push("User:", segment.question, "");
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
