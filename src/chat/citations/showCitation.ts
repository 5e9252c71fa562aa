/** How long a citation stays highlighted after its marker was clicked. */
const HIGHLIGHT_MS = 1600;

/** Scrolls citation `anchorId` into view, focuses it and highlights it briefly. */
export function showCitation(anchorId: string): void {
  const element = document.getElementById(anchorId);
  if (!element) return;
  element.scrollIntoView?.({ block: "nearest", behavior: "smooth" });
  element.focus({ preventScroll: true });
  element.setAttribute("data-highlighted", "true");
  setTimeout(() => element.removeAttribute("data-highlighted"), HIGHLIGHT_MS);
}
