import type { ReactNode } from "react";
import { Navigate } from "react-router-dom";
import { hasManagementAccess, useResolvedActions } from "../app/api/queries/useResolvedActions";
import { paths } from "../app/routes/paths";

/** Spec §6: only users who see the Management link may enter the admin area; others go back to chat. */
export function ManagementGate({ children }: { children: ReactNode }) {
  const { actions, isLoading } = useResolvedActions();
  if (isLoading) return null;
  if (!hasManagementAccess(actions)) return <Navigate to={paths.chat} replace />;
  return children;
}
