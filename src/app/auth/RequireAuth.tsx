import { useEffect } from "react";
import { Navigate, Outlet, useLocation } from "react-router-dom";
import { paths } from "../routes/paths";
import { useStore } from "../store/useStore";
import { authActions, authStore, selectIsAuthenticated } from "./authStore";

/**
 * Guards the protected areas (spec §2): without a usable token the user goes
 * to the login page, which later returns to the attempted path and query.
 */
export function RequireAuth() {
  const authenticated = useStore(authStore, selectIsAuthenticated);
  const signedOut = useStore(authStore, (state) => state.signedOut);
  const remembered = useStore(authStore, (state) => state.pathToVisitAfterLogin);
  const { pathname, search } = useLocation();

  useEffect(() => {
    if (!authenticated && !signedOut) authActions.setPathToVisitAfterLogin(`${pathname}${search}`);
    if (authenticated && remembered !== null) authActions.setPathToVisitAfterLogin(null);
  }, [authenticated, signedOut, remembered, pathname, search]);

  if (!authenticated) return <Navigate to={paths.login} replace />;
  return <Outlet />;
}
