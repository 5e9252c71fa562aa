import { lazy } from "react";

/**
 * MUI's temporary Drawer (and the modal, transition and focus trap under it), loaded when a
 * drawer first opens. For drawers that start closed, inside <MountOnceOpened>: the side
 * navigation below lg and the execution details on small screens.
 */
export const LazyDrawer = lazy(() => import("@mui/material/Drawer"));
