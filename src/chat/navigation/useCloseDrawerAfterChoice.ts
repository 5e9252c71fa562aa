import { useCallback } from "react";
import { useNavContext } from "../../app/layout/useNavContext";
import { composerActions } from "../composer/composerStore";

/**
 * After a choice in the side navigation (a conversation, New Chat, an agent): below lg its drawer closes,
 * and a choice made with the keyboard takes the focus to the message box, not back to 'Open navigation'
 * (a pointer's does not: on a phone, focusing the input would open the on-screen keyboard). On a desktop
 * the navigation stays, and so does the focus.
 */
export function useCloseDrawerAfterChoice(): (byKeyboard: boolean) => void {
  const { isDesktop, closeMobileAfterChoice } = useNavContext();
  return useCallback(
    (byKeyboard: boolean) => {
      closeMobileAfterChoice();
      if (byKeyboard && !isDesktop) composerActions.focus();
    },
    [closeMobileAfterChoice, isDesktop],
  );
}
