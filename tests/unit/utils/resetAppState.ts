import { busyStore } from "../../../src/app/api/busyStore";
import { clearCosmosHeaders } from "../../../src/app/api/cosmosSession";
import { authStore, initialAuthState } from "../../../src/app/auth/authStore";
import { brandKeyStore } from "../../../src/app/brand/currentBrandKey";
import { clearToasts } from "../../../src/app/toast/toastStore";
import { forgetBranchSelections } from "../../../src/chat/conversation/branchMemory";
import { questionEditorActions } from "../../../src/chat/conversation/questionEditorStore";
import { resetChatsTabState } from "../../../src/chat/navigation/chatsTabState";

/** Module-level stores outlive a test: put them back to a fresh start. */
export function resetAppState(): void {
  authStore.setState(initialAuthState);
  busyStore.setState({ waiting: 0 });
  brandKeyStore.setState({ currentBrandKey: null });
  clearCosmosHeaders();
  clearToasts();
  resetChatsTabState();
  questionEditorActions.close();
  forgetBranchSelections();
  window.localStorage.clear();
  window.sessionStorage.clear();
}
