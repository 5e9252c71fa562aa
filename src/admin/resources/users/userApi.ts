/** The calls of the user pages beyond react-admin's data provider, as React Query hooks. */
import { useQuery } from "@tanstack/react-query";
import { api, unwrap } from "../../../app/api/client";
import { queryKeys } from "../../../app/api/queries/queryKeys";
import { authStore, selectUserId } from "../../../app/auth/authStore";
import { useStore } from "../../../app/store/useStore";
import type { components } from "../../../generated/api";

export type CloudGroup = components["schemas"]["CloudGroup"];
export type UserRolesWithResolvedActions = components["schemas"]["UserRolesWithResolvedActions"];

/** GET /admin/users/{userId}/groups: the identity-provider groups of the user's last Entra ID sign-in. */
export function useUserGroups(userId: string) {
  return useQuery({
    queryKey: ["adminUsers", userId, "groups"],
    queryFn: () => unwrap(api.GET("/admin/users/{userId}/groups", { params: { path: { userId } } })),
    enabled: userId !== "",
  });
}

/** The signed-in user's roles with their actions; the key is the shell's, so the answer is shared with the navigation. */
export function useMyRoles() {
  const userId = useStore(authStore, selectUserId);
  return useQuery({
    queryKey: queryKeys.currentUserRoles(userId),
    queryFn: () => unwrap(api.GET("/CurrentUser/UserRolesWithResolvedActions")),
  });
}
