import { Outlet } from "react-router-dom";
import { authStore } from "../auth/authStore";
import { BusyIndicator } from "../health/BusyIndicator";
import { LoadingScreen } from "../health/LoadingScreen";
import { useReadinessWatch } from "../health/useReadinessWatch";
import { useStore } from "../store/useStore";
import { useVersionCheck } from "../version/useVersionCheck";
import { VersionMismatchScreen } from "../version/VersionMismatchScreen";

/** The root route: readiness (loading screen), the version check and the busy bar around every page. */
export function RootLayout() {
  useReadinessWatch();
  const healthCheckIssue = useStore(authStore, (state) => state.healthCheckIssue);
  const { mismatchedVersion, dismiss } = useVersionCheck();
  if (healthCheckIssue) return <LoadingScreen />;
  return (
    <>
      <BusyIndicator />
      <Outlet />
      {mismatchedVersion && <VersionMismatchScreen serverVersion={mismatchedVersion} onContinue={dismiss} />}
    </>
  );
}
