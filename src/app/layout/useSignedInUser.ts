import { useCurrentUser } from "../api/queries/useCurrentUser";
import { authStore } from "../auth/authStore";
import { useStore } from "../store/useStore";

export interface SignedInUser {
  displayName: string;
  userName: string;
  email: string | null;
}

/** The user shown in the shell: CurrentUser/details, else the account from the token until it loads. */
export function useSignedInUser(): SignedInUser | null {
  const user = useCurrentUser();
  const account = useStore(authStore, (state) => state.account);
  if (user) return { displayName: user.displayName, userName: user.userName, email: user.email ?? null };
  if (account) return { displayName: account.name || account.userName, userName: account.userName, email: null };
  return null;
}
