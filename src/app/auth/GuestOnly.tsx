import type { ReactNode } from "react";
import { Navigate } from "react-router-dom";
import { paths, safeInternalPath } from "../routes/paths";
import { useStore } from "../store/useStore";
import { authStore, selectIsAuthenticated } from "./authStore";

/** Spec §2: the login page is shown only when not authenticated; after login the remembered path, else /chat. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const authenticated = useStore(authStore, selectIsAuthenticated);
  const remembered = useStore(authStore, (state) => state.pathToVisitAfterLogin);
  if (authenticated) return <Navigate to={safeInternalPath(remembered) ?? paths.chat} replace />;
  return children;
}
