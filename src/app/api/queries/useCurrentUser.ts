import { queryOptions, useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { authActions, authStore, selectIsAuthenticated, selectUserId } from "../../auth/authStore";
import type { UserDetails } from "../../auth/authTypes";
import { useStore } from "../../store/useStore";
import { api, unwrap } from "../client";
import { freshWhileOpeningRead } from "../openingReads";
import { queryKeys } from "./queryKeys";

/** GET /CurrentUser/details. */
export function currentUserQuery(userId: string | null) {
  return queryOptions({
    queryKey: queryKeys.currentUserDetails(userId),
    queryFn: () => unwrap(api.GET("/CurrentUser/details")),
    staleTime: freshWhileOpeningRead,
  });
}

/** GET /CurrentUser/details while signed in; the answer is kept as the auth state's user (spec §3). */
export function useCurrentUser(): UserDetails | null {
  const authenticated = useStore(authStore, selectIsAuthenticated);
  const userId = useStore(authStore, selectUserId);
  const stored = useStore(authStore, (state) => state.user);
  const { data } = useQuery({ ...currentUserQuery(userId), enabled: authenticated });
  useEffect(() => {
    if (data) authActions.setUser(data);
  }, [data]);
  return data ?? stored;
}
