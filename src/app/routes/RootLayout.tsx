import { Suspense } from "react";
import { Outlet } from "react-router-dom";
import { selectBusy, busyStore } from "../api/busyStore";
import { authStore } from "../auth/authStore";
import { LoadingScreen } from "../health/LoadingScreen";
import { useReadinessWatch } from "../health/useReadinessWatch";
import { lazyNamed } from "../lazy/lazyNamed";
import { MountOnceOpened } from "../lazy/MountOnceOpened";
import { useStore } from "../store/useStore";
import { useVersionCheck } from "../version/useVersionCheck";

// Shown only when the server is busy or runs another version: their chunks load then, not with every page.
const BusyIndicator = lazyNamed(() => import("../health/BusyIndicator"), "BusyIndicator");
const VersionMismatchScreen = lazyNamed(() => import("../version/VersionMismatchScreen"), "VersionMismatchScreen");

/** The root route: readiness (loading screen), the version check and the busy bar around every page. */
export function RootLayout() {
  useReadinessWatch();
  const healthCheckIssue = useStore(authStore, (state) => state.healthCheckIssue);
  const busy = useStore(busyStore, selectBusy);
  const { mismatchedVersion, dismiss } = useVersionCheck();
  if (healthCheckIssue) return <LoadingScreen />;
  return (
    <>
      <MountOnceOpened open={busy}>
        <BusyIndicator />
      </MountOnceOpened>
      <Outlet />
      {mismatchedVersion && (
        <Suspense fallback={null}>
          <VersionMismatchScreen serverVersion={mismatchedVersion} onContinue={dismiss} />
        </Suspense>
      )}
    </>
  );
}
