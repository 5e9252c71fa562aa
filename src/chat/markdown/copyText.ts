import { showToast } from "../../app/toast/toastStore";
import { logger } from "../../app/logger";

/** Copies text to the clipboard and confirms with a toast; resolves whether it worked. */
export async function copyText(text: string, confirmation: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    showToast(confirmation);
    return true;
  } catch (error) {
    logger.warn("Copying to the clipboard failed.", error);
    return false;
  }
}
