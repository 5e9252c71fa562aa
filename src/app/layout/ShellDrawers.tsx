import { AboutDrawer } from "../about/AboutDrawer";
import { SettingsDrawer } from "../settings/SettingsDrawer";

/** The drawers the account popover opens, shared by the chat and admin layouts. */
export function ShellDrawers() {
  return (
    <>
      <SettingsDrawer />
      <AboutDrawer />
    </>
  );
}
