import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useNavigate } from "react-router-dom";
import { paths } from "../routes/paths";
import { authActions, authStore } from "./authStore";
import { isEntraIdConfigured } from "./entraId/entraIdConfig";
import { resetUserData } from "./userDataReset";

/**
 * Logout: clears the auth state and everything the page holds for the user (userDataReset.ts),
 * signs out of Entra ID when that is how the user signed in, and opens the login page.
 */
export function useLogout(): () => void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(() => {
    const { n1aiTokenArgs, user } = authStore.getState();
    const viaEntraId = n1aiTokenArgs?.identityProvider === "entraId" || user?.identityProvider === "entraId";
    const entraIdSettings = authStore.getState().instanceSettings?.entraIdSettings;
    authActions.signOut();
    // In the same task as the sign-out: the chat leaves the page without rendering again, so nothing
    // it shows asks the server again once its data is gone.
    resetUserData();
    queryClient.clear(); // the page's own client (main.tsx registers it with the reset too)
    void navigate(paths.login, { replace: true });
    if (viaEntraId && isEntraIdConfigured(entraIdSettings)) {
      void import("./entraId/entraIdClient").then((entraId) => entraId.signOutOfEntraId(entraIdSettings));
    }
  }, [navigate, queryClient]);
}
