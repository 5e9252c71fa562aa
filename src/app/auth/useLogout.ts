import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useNavigate } from "react-router-dom";
import { composerActions } from "../../chat/composer/composerStore";
import { forgetBranchSelections } from "../../chat/conversation/branchMemory";
import { questionEditorActions } from "../../chat/conversation/questionEditorStore";
import { clearCosmosHeaders } from "../api/cosmosSession";
import { paths } from "../routes/paths";
import { clearToasts } from "../toast/toastStore";
import { authActions, authStore } from "./authStore";
import { isEntraIdConfigured } from "./entraId/entraIdConfig";

/**
 * Logout: clears the auth state, the cached user data and the session headers,
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
    clearCosmosHeaders();
    clearToasts();
    // What was typed stays with the person who typed it.
    composerActions.reset();
    questionEditorActions.close();
    forgetBranchSelections();
    queryClient.removeQueries({ queryKey: ["currentUser"] });
    void navigate(paths.login, { replace: true });
    if (viaEntraId && isEntraIdConfigured(entraIdSettings)) {
      void import("./entraId/entraIdClient").then((entraId) => entraId.signOutOfEntraId(entraIdSettings));
    }
  }, [navigate, queryClient]);
}
