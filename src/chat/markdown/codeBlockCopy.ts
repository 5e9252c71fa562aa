/**
 * The copy button of a code block, shared by its React rendering (CodeBlock) and by the
 * streaming view's (codeBlockDom): its icons and what a click does.
 */
import { copyText } from "./copyText";

/** The icons of MUI's ContentCopyRounded and CheckRounded, as plain SVG paths. */
export const COPY_ICON =
  "M15 20H5V7c0-.55-.45-1-1-1s-1 .45-1 1v13c0 1.1.9 2 2 2h10c.55 0 1-.45 1-1s-.45-1-1-1m5-4V4c0-1.1-.9-2-2-2H9c-1.1 0-2 .9-2 2v12c0 1.1.9 2 2 2h9c1.1 0 2-.9 2-2m-2 0H9V4h9z";
export const COPIED_ICON =
  "M9 16.17 5.53 12.7a.996.996 0 0 0-1.41 0c-.39.39-.39 1.02 0 1.41l4.18 4.18c.39.39 1.02.39 1.41 0L20.29 7.71c.39-.39.39-1.02 0-1.41a.996.996 0 0 0-1.41 0z";

/** How long the button shows the copied icon. */
export const COPIED_MS = 1500;

/**
 * Copies the code of the code block `button` is in, as shown (the pre's text: no highlighting
 * markup) but for the line break that ends a block's last line: a command pasted into a terminal
 * must not run on its own. With the toast `confirmation`; resolves whether it worked.
 */
export function copyCodeOf(button: HTMLElement, confirmation: string): Promise<boolean> {
  const code = button.closest(".code-block")?.querySelector("pre")?.textContent ?? "";
  return copyText(code.replace(/\r?\n$/, ""), confirmation);
}
