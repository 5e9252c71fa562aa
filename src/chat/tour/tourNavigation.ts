import { APPEAR_TIMEOUT_MS, pause, POLL_MS, settled } from "./tourPopovers";

/** The side navigation when it is a drawer (below lg): a <nav> inside an MUI modal. */
const NAVIGATION_DRAWER = ".MuiModal-root nav";

/** Whether the side navigation is shown as a drawer (below lg) and is open or still closing. */
export function navigationDrawerShown(): boolean {
  return document.querySelector(NAVIGATION_DRAWER) !== null;
}

/**
 * A step pointing into the side navigation waits for its open panel to be loaded and stand
 * still: below lg the tour opens the navigation drawer for it (QuickStartTour), which slides
 * in; on desktop the navigation widens from mini. (The chat screen has one <nav>: this one.)
 */
export function waitForNavigation(): Promise<void> {
  return settled("nav [data-nav-panel]");
}

/** A step outside the side navigation waits until the drawer the tour opened has gone (below lg). */
export async function waitForNavigationDrawerClosed(): Promise<void> {
  for (let waited = 0; waited < APPEAR_TIMEOUT_MS && navigationDrawerShown(); waited += POLL_MS) {
    await pause(POLL_MS);
  }
}
