import { busyStore } from "../../../src/app/api/busyStore";
import { clearCosmosHeaders } from "../../../src/app/api/cosmosSession";
import { authStore, initialAuthState } from "../../../src/app/auth/authStore";
import { brandKeyStore } from "../../../src/app/brand/currentBrandKey";
import { clearToasts } from "../../../src/app/toast/toastStore";
import { unsentEditActions } from "../../../src/chat/conversation/unsentEdit";
import { resetChatsTabState } from "../../../src/chat/navigation/chatsTabState";

/** Module-level stores outlive a test: put them back to a fresh start. */
export function resetAppState(): void {
  authStore.setState(initialAuthState);
  busyStore.setState({ waiting: 0 });
  brandKeyStore.setState({ currentBrandKey: null });
  clearCosmosHeaders();
  clearToasts();
  resetChatsTabState();
  unsentEditActions.clear();
  window.localStorage.clear();
  window.sessionStorage.clear();
}
