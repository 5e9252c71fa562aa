import { lazyNamed } from "../lazy/lazyNamed";
import { MountOnceOpened } from "../lazy/MountOnceOpened";
import { useSettings } from "../settings/useSettings";

// Opened from the account popover only: chunks of their own, loaded when first opened (or
// when the pointer or focus reaches their entry in the popover).
export const SettingsDrawer = lazyNamed(() => import("../settings/SettingsDrawer"), "SettingsDrawer");
export const AboutDrawer = lazyNamed(() => import("../about/AboutDrawer"), "AboutDrawer");

/** The drawers the account popover opens, shared by the chat and admin layouts. */
export function ShellDrawers() {
  const { drawerOpen, aboutOpen } = useSettings();
  return (
    <>
      <MountOnceOpened open={drawerOpen}>
        <SettingsDrawer />
      </MountOnceOpened>
      <MountOnceOpened open={aboutOpen}>
        <AboutDrawer />
      </MountOnceOpened>
    </>
  );
}
