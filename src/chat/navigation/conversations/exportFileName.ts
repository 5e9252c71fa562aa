/** Spec §5: characters removed from an exported conversation's file name. */
const FORBIDDEN_CHARACTERS = /[<>:"/\\|?*]/g;

/**
 * Spec §5 "Export filename": the title plus .txt, with < > : " / \ | ? * removed.
 * Surrounding spaces are trimmed as well (Windows drops them silently), and a
 * title left empty falls back to `fallback`.
 */
export function exportFileName(title: string, fallback = "conversation"): string {
  const base = title.replace(FORBIDDEN_CHARACTERS, "").trim();
  return `${base || fallback}.txt`;
}
