import { onUserDataReset } from "../../app/auth/userDataReset";
import { authActions } from "../../app/auth/authStore";
import { createStore } from "../../app/store/createStore";

/**
 * Which answer the execution details drawer shows when the user picked one
 * ("Details" on an answer). Without a pick the drawer follows the display
 * setting useLatestChatSegmentForExecutionDetailsDrawer (spec §3).
 */
export const executionDetailsStore = createStore<{ segmentId: string | null }>({ segmentId: null });

/** The "Details" button that opened the drawer: the focus goes back there when the drawer closes with it inside. */
let opener: HTMLElement | null = null;
let openedByKeyboard = false;

export const executionDetailsActions = {
  /** Opens the drawer on one answer (the drawer's visibility is the display setting showChatExecutionDetailsDrawer). */
  show(segmentId: string, openedBy?: { button: HTMLElement; byKeyboard: boolean }): void {
    opener = openedBy?.button ?? null;
    openedByKeyboard = openedBy?.byKeyboard ?? false;
    executionDetailsStore.setState({ segmentId });
    authActions.setDisplaySetting("showChatExecutionDetailsDrawer", true);
  },
  /** Forgets the picked answer, the drawer staying open: it follows the display setting again. */
  unpick(): void {
    if (executionDetailsStore.getState().segmentId !== null) executionDetailsStore.setState({ segmentId: null });
  },
  close(): void {
    executionDetailsStore.setState({ segmentId: null });
    authActions.setDisplaySetting("showChatExecutionDetailsDrawer", false);
    const returnTo = opener;
    opener = null;
    openedByKeyboard = false;
    // Once the panel has left the page: its focus was lost with it (to the body), not moved elsewhere.
    if (returnTo)
      requestAnimationFrame(() => {
        if (returnTo.isConnected && (document.activeElement === null || document.activeElement === document.body))
          returnTo.focus();
      });
  },
  /** Whether the keyboard opened the drawer (its close button then takes the focus). */
  openedByKeyboard(): boolean {
    return openedByKeyboard;
  },
};

onUserDataReset(() => executionDetailsStore.setState({ segmentId: null }));
