import { isMobileUserAgent } from "../layout/isMobileUserAgent";
import { isComposingKey } from "./isComposingKey";

/**
 * Whether a key press in a question's input sends it: Enter without Shift, not the Enter that confirms
 * an input method's word. On a phone or tablet (spec §9's user-agent match) Enter adds a line, as its
 * on-screen keyboard has no Shift+Enter: the Send button sends there.
 */
export function isSendKey(event: { key: string; shiftKey: boolean; nativeEvent: KeyboardEvent; keyCode: number }): boolean {
  return event.key === "Enter" && !event.shiftKey && !isComposingKey(event) && !isMobileUserAgent();
}
