/** Export as text (spec sections 1 and 5): the selected path, questions and answers, with a safe file name. */
import type { components } from "../../../generated/api";

/** Spec section 5: the title plus .txt, with < > : " / \ | ? * removed. */
export function exportFileName(title: string): string {
  // Control characters are removed too: they are not allowed in a Content-Disposition header.
  // eslint-disable-next-line no-control-regex
  const cleaned = title.replace(/[<>:"/\\|?*\u0000-\u001f\u007f]/g, "").trim();
  return `${cleaned || "conversation"}.txt`;
}

export function exportText(conversation: components["schemas"]["Conversation"]): string {
  const lines = [conversation.title, `Agent: ${conversation.gptSystem.name}`, `Created: ${conversation.createdAt}`, ""];
  for (const segment of conversation.conversationSegmentTree.segments) {
    lines.push("User:", segment.question, "");
    const marker = segment.status === "Aborted" ? " (stopped)" : segment.status === "Failed" ? " (failed)" : "";
    lines.push(`${conversation.gptSystem.name}${marker}:`, segment.answer || segment.errorText || "", "");
  }
  return lines.join("\n");
}

/** RFC 6266 / 5987: an ASCII fallback plus the UTF-8 name. */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
