import { readStoredString } from "../store/browserStorage";
import { createStore } from "../store/createStore";
import { logger } from "../logger";

/**
 * Spec §3 chat state "currentBrandKey": the brand the shell shows. The chat
 * module sets it from the agent in use; unset means the instance default.
 */
const STORAGE_KEY = "currentBrandKey";

export const brandKeyStore = createStore<{ currentBrandKey: string | null }>({
  currentBrandKey: readStoredString(STORAGE_KEY),
});

export function setCurrentBrandKey(currentBrandKey: string | null): void {
  try {
    if (currentBrandKey === null) window.localStorage.removeItem(STORAGE_KEY);
    else window.localStorage.setItem(STORAGE_KEY, currentBrandKey);
  } catch (error) {
    logger.warn("Could not store the current brand key", error);
  }
  brandKeyStore.setState({ currentBrandKey });
}
