import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { authActions, authStore, selectIsAuthenticated, selectUserId } from "../../auth/authStore";
import type { UserDetails } from "../../auth/authTypes";
import { useStore } from "../../store/useStore";
import { api, unwrap } from "../client";
import { queryKeys } from "./queryKeys";

/** GET /CurrentUser/details while signed in; the answer is kept as the auth state's user (spec §3). */
export function useCurrentUser(): UserDetails | null {
  const authenticated = useStore(authStore, selectIsAuthenticated);
  const userId = useStore(authStore, selectUserId);
  const stored = useStore(authStore, (state) => state.user);
  const { data } = useQuery({
    queryKey: queryKeys.currentUserDetails(userId),
    queryFn: () => unwrap(api.GET("/CurrentUser/details")),
    enabled: authenticated,
  });
  useEffect(() => {
    if (data) authActions.setUser(data);
  }, [data]);
  return data ?? stored;
}
