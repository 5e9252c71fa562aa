import type { ReactNode } from "react";
import { Navigate } from "react-router-dom";
import { useFeatureFlags } from "../app/api/queries/useFeatureFlags";
import { paths } from "../app/routes/paths";

/** Spec §2/§6: personal-agent routes exist only while AllowUserCreatedGptSystems is on; otherwise the chat wildcard applies. */
export function PersonalAgentsGate({ children }: { children: ReactNode }) {
  const { isLoading, isEnabled } = useFeatureFlags();
  if (isLoading) return null;
  if (!isEnabled("AllowUserCreatedGptSystems")) return <Navigate to={paths.chat} replace />;
  return children;
}
