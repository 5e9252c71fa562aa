import type { DrawerProps } from "@mui/material/Drawer";
import { lazyNamed } from "./lazyNamed";

/**
 * MUI's temporary Drawer (and the modal, transition and focus trap under it), loaded when a
 * drawer first opens, or before with `LazyDrawer.preload()`. For drawers that start closed, inside
 * <MountOnceOpened>: the side navigation below lg and the execution details on small screens.
 */
export const LazyDrawer = lazyNamed<DrawerProps, "default">(() => import("@mui/material/Drawer"), "default");
