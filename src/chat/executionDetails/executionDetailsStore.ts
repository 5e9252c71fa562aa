import { authActions } from "../../app/auth/authStore";
import { createStore } from "../../app/store/createStore";

/**
 * Which answer the execution details drawer shows when the user picked one
 * ("Details" on an answer). Without a pick the drawer follows the display
 * setting useLatestChatSegmentForExecutionDetailsDrawer (spec §3).
 */
export const executionDetailsStore = createStore<{ segmentId: string | null }>({ segmentId: null });

export const executionDetailsActions = {
  /** Opens the drawer on one answer (the drawer's visibility is the display setting showChatExecutionDetailsDrawer). */
  show(segmentId: string): void {
    executionDetailsStore.setState({ segmentId });
    authActions.setDisplaySetting("showChatExecutionDetailsDrawer", true);
  },
  close(): void {
    executionDetailsStore.setState({ segmentId: null });
    authActions.setDisplaySetting("showChatExecutionDetailsDrawer", false);
  },
};
