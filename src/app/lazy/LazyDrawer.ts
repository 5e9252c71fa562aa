import type { DrawerProps } from "@mui/material/Drawer";
import { preloadable } from "./preloadable";

/**
 * MUI's temporary Drawer (and the modal, transition and focus trap under it), loaded when a
 * drawer first opens, or before with `preloadDrawer`. For drawers that start closed, inside
 * <MountOnceOpened>: the side navigation below lg and the execution details on small screens.
 */
export const { Component: LazyDrawer, preload: preloadDrawer } = preloadable<DrawerProps, "default">(
  () => import("@mui/material/Drawer"),
  "default",
);
