import { lazyNamed } from "../../app/lazy/lazyNamed";
import { MountOnceOpened } from "../../app/lazy/MountOnceOpened";
import { useStore } from "../../app/store/useStore";
import { tourStore } from "./tourStore";

// The tour and its engine load when it first runs.
const QuickStartTour = lazyNamed(() => import("./QuickStartTour"), "QuickStartTour");

/** Mounts the Quick Start tour once it has been started (spec §2). */
export function QuickStartTourHost() {
  const run = useStore(tourStore, (state) => state.run);
  return (
    <MountOnceOpened open={run}>
      <QuickStartTour />
    </MountOnceOpened>
  );
}
