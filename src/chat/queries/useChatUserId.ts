import { authStore, selectUserId } from "../../app/auth/authStore";
import { useStore } from "../../app/store/useStore";

/** The signed-in user's id, the user part of every chat query key. */
export function useChatUserId(): string | null {
  return useStore(authStore, selectUserId);
}
