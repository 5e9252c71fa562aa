import { useQuery } from "@tanstack/react-query";
import { authStore, selectIsAuthenticated, selectUserId } from "../../auth/authStore";
import type { Action } from "../../auth/authTypes";
import { useStore } from "../../store/useStore";
import { api, unwrap } from "../client";
import { queryKeys } from "./queryKeys";

const NO_ACTIONS: readonly Action[] = [];

export interface ResolvedActionsResult {
  actions: readonly Action[];
  isLoading: boolean;
}

/** The signed-in user's resolved actions (GET /CurrentUser/UserRolesWithResolvedActions). */
export function useResolvedActions(): ResolvedActionsResult {
  const authenticated = useStore(authStore, selectIsAuthenticated);
  const userId = useStore(authStore, selectUserId);
  const { data, isLoading } = useQuery({
    queryKey: queryKeys.currentUserRoles(userId),
    queryFn: () => unwrap(api.GET("/CurrentUser/UserRolesWithResolvedActions")),
    enabled: authenticated,
  });
  return { actions: data?.resolvedActions ?? NO_ACTIONS, isLoading: authenticated && isLoading };
}

/** Spec §6: the Management link is added when the actions include anything other than GptSystemsRead. */
export function hasManagementAccess(actions: readonly Action[]): boolean {
  return actions.some((action) => action !== "GptSystemsRead");
}
