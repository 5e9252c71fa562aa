import { i18next } from "../../app/i18n/i18n";
import { logger } from "../../app/logger";
import { showToast } from "../../app/toast/toastStore";

/**
 * Copies through a selected, hidden text area: the way that still works where the Clipboard API is
 * missing (a page served over plain HTTP from another host than localhost) or refused.
 */
function copyWithSelection(text: string): boolean {
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  const focused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  document.body.append(area);
  area.focus({ preventScroll: true });
  area.select();
  try {
    return document.execCommand("copy");
  } catch {
    return false;
  } finally {
    area.remove();
    focused?.focus();
  }
}

/** Copies text to the clipboard and confirms with a toast (or says it could not); resolves whether it worked. */
export async function copyText(text: string, confirmation: string): Promise<boolean> {
  let copied: boolean;
  try {
    if (!navigator.clipboard) throw new Error("The Clipboard API is not available on this page.");
    await navigator.clipboard.writeText(text);
    copied = true;
  } catch (error) {
    logger.warn("Copying to the clipboard failed; copying through a selection instead.", error);
    copied = copyWithSelection(text);
  }
  showToast(copied ? confirmation : i18next.t("markdown.copyFailed"), copied ? "success" : "error");
  return copied;
}
